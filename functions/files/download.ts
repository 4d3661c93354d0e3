/**
 * GET /v1/files/:id/download — a presigned GET of the stored object, valid for five minutes, whose
 * Content-Disposition names the file (its current name).
 */
import * as z from 'zod/mini';
import { fileDownload, fileWithObjectFromItem } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/files.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { FileDownloadRecord } from '../../shared/schemas/records/file.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/files/:id/download'),
  output: okReply(FileDownloadRecord),
  input: z.strictObject({ fileId: Uuid }),
  tenantOf: recordTenant('file', 'fileId'),
  record: fileWithObjectFromItem,
  run: async ({ record }) => ok(await fileDownload(record)),
});
