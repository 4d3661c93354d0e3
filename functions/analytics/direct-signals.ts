/**
 * GET /v1/reporting/analytics/direct-signals — the promo codes and tagged links the property
 * recorded over the range: each signal's sessions, daily users and success events, its mapping
 * and triage state, the referral-channel buckets with their traffic, and a zero-filled timeline.
 * Ignored signals are left out (and never counted in the headline) unless `includeIgnored`.
 * Observed evidence only: no attribution is inferred.
 */
import * as z from 'zod/mini';
import { readSignalDays, readSignals } from '../../shared/db/analytics/index.ts';
import { directSignals } from '../../shared/domain/analytics.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { BooleanInput } from '../../shared/schemas/common.ts';
import { DirectSignalsRecord } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/reporting.ts';
import { rangeDates, reportConnection, ReportRange } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/reporting/analytics/direct-signals'),
  output: okReply(DirectSignalsRecord),
  input: z.strictObject({ ...ReportRange, includeIgnored: z.optional(BooleanInput) }),
  run: async ({ input, tenant }) => {
    const dates = rangeDates(input);
    const { meta } = await reportConnection(tenant.tenantId);
    const [signals, days] = await Promise.all([
      readSignals(tenant.tenantId),
      readSignalDays(tenant.tenantId, input.startDate, input.endDate),
    ]);
    return { ...ok(directSignals({ dates, signals, days, includeIgnored: input.includeIgnored ?? false })), meta };
  },
});
