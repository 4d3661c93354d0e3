/**
 * POST /v1/notes — a note on an activity, campaign or creator of the organization (404 when the
 * entity is not there). The author is the caller: `createdBy` may name only the caller (403), or be
 * null for an unattributed note; `createdByName` defaults to the caller's name.
 */
import * as z from 'zod/mini';
import { createNote } from '../../shared/db/evidence/index.ts';
import { getUser } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/notes.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { EntityType, NoteContent } from './inputs.ts';
import { NoteRecord } from '../../shared/schemas/records/note.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/notes'),
  output: createdReply(NoteRecord),
  input: z.strictObject({
    organizationId: Uuid,
    entityType: EntityType,
    entityId: Uuid,
    content: NoteContent,
    createdBy: z.optional(z.nullable(Uuid)),
    createdByName: z.optional(text(1, 255)),
  }),
  run: async ({ input, caller }) => {
    if (input.createdBy && input.createdBy !== caller.userId)
      throw forbidden('A note can only be written in your own name.');
    const createdBy = input.createdBy === null ? null : caller.userId;
    const createdByName =
      input.createdByName ?? (createdBy ? (caller.name ?? (await getUser(caller.userId))?.name ?? null) : null);
    const { organizationId, entityType, entityId, content } = input;
    return created(await createNote(organizationId, { entityType, entityId, content, createdBy, createdByName }));
  },
});
