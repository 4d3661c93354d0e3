/**
 * GET /v1/reporting/analytics/hdyhau-evidence — what visitors answered to how-did-you-hear-about-us
 * over the range: raw answers, their categories by the organization's mappings, coverage,
 * creator-marketing relevance, data-quality flags and a daily timeline. Classification only: no
 * attribution (shared/domain/analytics.ts `hdyhauEvidence`).
 */
import * as z from 'zod/mini';
import { readAnalyticsDays, readAnswers, readMappings } from '../../shared/db/analytics/index.ts';
import { DEFAULT_HDYHAU_DIMENSION, hdyhauEvidence } from '../../shared/domain/analytics.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { HdyhauEvidenceRecord } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/reporting.ts';
import { rangeDates, reportConnection, ReportRange } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/analytics/hdyhau-evidence'),
  output: okReply(HdyhauEvidenceRecord),
  input: z.strictObject(ReportRange),
  run: async ({ input, tenant }) => {
    const dates = rangeDates(input);
    const { connection, meta } = await reportConnection(tenant.tenantId);
    const [days, answers, mappings] = await Promise.all([
      readAnalyticsDays(tenant.tenantId, input.startDate, input.endDate),
      readAnswers(tenant.tenantId, input.startDate, input.endDate),
      readMappings(tenant.tenantId),
    ]);
    const { data, warnings } = hdyhauEvidence({
      dates,
      dimension: connection.hdyhauDimension ?? DEFAULT_HDYHAU_DIMENSION,
      days,
      answers,
      mappings,
    });
    return { ...ok(data), meta: { ...meta, warnings: [...meta.warnings, ...warnings] } };
  },
});
