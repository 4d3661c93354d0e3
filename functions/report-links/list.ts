/** GET /v1/report-links — the organization's report links, newest first, paged (owners and members; never a url or token). */
import * as z from 'zod/mini';
import { listReportLinks } from '../../shared/db/report-links/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { ReportLinkRecord } from '../../shared/schemas/records/report-link.ts';
import { routeByKey } from '../routes/report-links.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/report-links'),
  output: listReply(ReportLinkRecord),
  input: z.strictObject({ organizationId: Uuid, ...paging }),
  run: async ({ input: { organizationId, pageIndex, pageSize } }) =>
    list(await listReportLinks(organizationId, { pageIndex, pageSize })),
});
