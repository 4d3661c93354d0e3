/**
 * PATCH /v1/files/:id — renames the file (the stored object stays); 200 with the whole record. The
 * new name keeps the extension of the file's content type.
 */
import * as z from 'zod/mini';
import { fileFromItem, renameFile } from '../../shared/db/evidence/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/files.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { assertExtensionMatches, FileName } from './inputs.ts';
import { FileRecord } from '../../shared/schemas/records/file.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/files/:id'),
  output: okReply(FileRecord),
  input: z.strictObject({ fileId: Uuid, fileName: FileName }),
  tenantOf: recordTenant('file', 'fileId'),
  record: fileFromItem,
  run: async ({ input, tenant, record }) => {
    const file = record;
    assertExtensionMatches(input.fileName, file.contentType);
    return ok(await renameFile(tenant.tenantId, file, input.fileName));
  },
});
