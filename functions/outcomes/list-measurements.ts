/**
 * GET /v1/outcomes/measurements — a campaign's live measurements, newest first, each with its
 * method, period, confidence, unit, definition and claim history; 404 for a campaign not in the
 * tenant. Facets count each sourceMethod.
 */
import { measurementsOfCampaign } from '../../shared/db/evidence/index.ts';
import { defineHandler, type ListWork } from '../../shared/http/handler.ts';
import type { Output } from '../../shared/schemas/zod.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { list } from '../../shared/http/result.ts';
import { OutcomeMeasurementRecord } from '../../shared/schemas/records/outcome.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';
import { query } from './list-measurements-query.ts';

/** The list's work: also what an export reads, page by page (functions/exports/sources.ts). */
export const read = async ({ input }: ListWork<Output<typeof query>>) => {
  // No paging in the spec: a campaign's measurements are returned whole.
  const measurements = await measurementsOfCampaign(input.organizationId, input.campaignId);
  const sourceMethod: Record<string, number> = {};
  for (const m of measurements) sourceMethod[m.sourceMethod] = (sourceMethod[m.sourceMethod] ?? 0) + 1;
  return list({ items: measurements, totalCount: measurements.length }, { sourceMethod });
};

export const handler = defineHandler({
  route: routeByKey('GET /v1/outcomes/measurements'),
  output: listReply(OutcomeMeasurementRecord),
  input: query,
  run: read,
});
