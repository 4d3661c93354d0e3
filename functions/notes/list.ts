/** GET /v1/notes — every note of one entity, newest first; entityType and entityId are required. */
import * as z from 'zod/mini';
import { notesOf } from '../../shared/db/evidence/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/notes.ts';
import { list } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { EntityType } from './inputs.ts';
import { NoteRecord } from '../../shared/schemas/records/note.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/notes'),
  output: listReply(NoteRecord),
  input: z.strictObject({ organizationId: Uuid, entityType: EntityType, entityId: Uuid }),
  run: async ({ input }) => {
    // No paging in the spec: an entity's notes are returned whole.
    const notes = await notesOf(input.organizationId, input.entityType, input.entityId);
    return list({ items: notes, totalCount: notes.length });
  },
});
