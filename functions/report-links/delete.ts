/**
 * DELETE /v1/report-links/:id — revokes the link at once: its page answers 404 from then on.
 * Members revoke the links they made, owners any link of the organization (docs/decisions.md "Report links").
 */
import * as z from 'zod/mini';
import { deleteReportLink, storedReportLinkFromItem } from '../../shared/db/report-links/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/report-links.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/report-links/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ linkId: Uuid }),
  tenantOf: recordTenant('reportLink', 'linkId'),
  record: storedReportLinkFromItem,
  run: async ({ input, tenant, caller, record }) => {
    if (tenant.role !== 'owner' && record.createdByUserId !== caller.userId)
      throw forbidden('Members revoke the links they made; an owner revokes any.');
    await deleteReportLink(tenant.tenantId, input.linkId, record.tokenHash);
    return deleted(input.linkId);
  },
});
