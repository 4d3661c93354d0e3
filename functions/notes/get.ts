/** GET /v1/notes/:id — one note (read in the authorization batch). */
import * as z from 'zod/mini';
import { noteFromItem } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/notes.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { NoteRecord } from '../../shared/schemas/records/note.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/notes/:id'),
  output: okReply(NoteRecord),
  input: z.strictObject({ noteId: Uuid }),
  tenantOf: recordTenant('note', 'noteId'),
  record: noteFromItem,
  run: async ({ record }) => ok(record),
});
