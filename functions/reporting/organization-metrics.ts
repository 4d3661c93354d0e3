/**
 * GET /v1/reporting/organization/metrics — reads the organization's totals from its stored
 * aggregate: costs in its currency, impressions, engagement, delivery coverage and denominator-aware
 * CPM and CPE, Form B's conversions and CPA (its active outcome measurements of kind count), with
 * the evidence in `_meta` (the definitions summed named in its provenance).
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { OrganizationMetricsRecord } from '../../shared/schemas/records/reporting.ts';
import { routeByKey } from '../routes/reporting.ts';
import { organizationReport } from './scope.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/organization/metrics'),
  output: okReply(OrganizationMetricsRecord),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ tenant }) => {
    const { figures, evidence } = await organizationReport(tenant.details);
    return { ...ok({ currency: tenant.details.currency, ...figures }), meta: evidence };
  },
});
