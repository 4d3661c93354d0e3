/** The note record (Notes group). */
import * as z from 'zod/mini';
import { ENTITY_TYPES } from '../../db/entities.ts';
import { stored } from './common.ts';
import { named } from './reply.ts';

export const NoteRecord = named(
  'Note',
  z.object({
    ...stored,
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    entityType: z.enum(ENTITY_TYPES),
    entityId: z.uuid(),
    content: z.string(),
    createdBy: z.nullable(z.string()),
    createdByName: z.nullable(z.string()),
  }),
);
