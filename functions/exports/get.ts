/**
 * GET /v1/exports/:id — the export record: its status, and once it succeeded a presigned GET of
 * the file (`downloadUrl`, valid 15 minutes) until the file expires (kept 7 days). 404 for an
 * export of another organization.
 */
import * as z from 'zod/mini';
import { config } from '../../shared/config.ts';
import { exportWithObjectFromItem, publicExport } from '../../shared/db/exports/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import * as storageUrls from '../../shared/integrations/storage-urls/index.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { ExportRecordSchema } from '../../shared/schemas/records/export.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/exports.ts';

/** How long a download URL works. */
export const EXPORT_DOWNLOAD_SECONDS = 15 * 60;

export const handler = defineHandler({
  route: routeByKey('GET /v1/exports/:id'),
  output: okReply(ExportRecordSchema),
  input: z.strictObject({ exportId: Uuid }),
  tenantOf: recordTenant('export', 'exportId'),
  record: exportWithObjectFromItem,
  run: async ({ record }) => {
    const view = publicExport(record);
    if (record.status !== 'succeeded' || !record.expiresAt || Date.parse(record.expiresAt) <= Date.now())
      return ok(view);
    const download = await storageUrls.presignDownload(
      config.exportsBucket(),
      record.s3Key,
      record.fileName,
      EXPORT_DOWNLOAD_SECONDS,
    );
    return ok({ ...view, downloadUrl: download.url, downloadUrlExpiresAt: download.expiresAt });
  },
});
