/** PATCH /v1/notes/:id — replaces the content; 200 with the whole record. */
import * as z from 'zod/mini';
import { noteFromItem, updateNoteContent } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/notes.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { NoteContent } from './inputs.ts';
import { NoteRecord } from '../../shared/schemas/records/note.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/notes/:id'),
  output: okReply(NoteRecord),
  input: z.strictObject({ noteId: Uuid, content: NoteContent }),
  tenantOf: recordTenant('note', 'noteId'),
  record: noteFromItem,
  run: async ({ input, tenant, record }) => ok(await updateNoteContent(tenant.tenantId, record, input.content)),
});
