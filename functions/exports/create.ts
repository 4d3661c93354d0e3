/**
 * POST /v1/exports — starts an export of one list or report history of the organization as a CSV
 * or JSON file; 202 with the export record (`queued`), whose GET says when the file is ready.
 * `filters` are the list route's own query parameters, checked by its own query schema (400
 * naming `filters.<field>`). Every role that may read the data may export it; 429 with
 * Retry-After past 3 exports of the organization queued or running at once, or 50 started in a day
 * (DECISIONS.md "The service's own routes").
 */
import * as z from 'zod/mini';
import { createExport, publicExport, releaseExportSlot } from '../../shared/db/exports/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { accepted } from '../../shared/http/result.ts';
import { queueExport } from '../../shared/integrations/export-queue/index.ts';
import { EXPORT_FORMATS, EXPORT_KINDS } from '../../shared/records/export.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { ExportRecordSchema } from '../../shared/schemas/records/export.ts';
import { acceptedReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/exports.ts';
import { listInput } from './filters.ts';
import { EXPORT_INPUTS } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/exports'),
  output: acceptedReply(ExportRecordSchema),
  input: z.strictObject({
    organizationId: Uuid,
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    filters: z.optional(z.record(z.string(), z.unknown())),
  }),
  run: async ({ input, tenant }) => {
    const filters = input.filters ?? {};
    // Checked now, so a bad filter is this request's 400 rather than a failed export later.
    listInput(EXPORT_INPUTS[input.kind], tenant.tenantId, filters);
    const record = await createExport(tenant.tenantId, { kind: input.kind, format: input.format, filters });
    try {
      await queueExport({ tenantId: tenant.tenantId, exportId: record.id });
    } catch (error) {
      // Nothing will run it: its place among the exports at once is given back.
      await releaseExportSlot(record);
      throw error;
    }
    return accepted(publicExport(record));
  },
});
