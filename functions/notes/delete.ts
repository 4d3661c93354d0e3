/** DELETE /v1/notes/:id — removes the note from its entity, with its pointer. */
import * as z from 'zod/mini';
import { deleteNote, noteFromItem } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/notes.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/notes/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ noteId: Uuid }),
  tenantOf: recordTenant('note', 'noteId'),
  record: noteFromItem,
  run: async ({ input, tenant, record }) => {
    await deleteNote(tenant.tenantId, record);
    return deleted(input.noteId);
  },
});
