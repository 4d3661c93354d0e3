/**
 * What an export's `filters` are checked by: each kind's list route's own query (its handler's
 * `input`, declared in the route's `*-query.ts` module) and whether the list is paged. Apart from
 * sources.ts, which names the handlers themselves, so that the create route checks filters without
 * bundling eleven lists' reads (the worker bundles those); a test holds the two tables together.
 */
import type { ExportKind } from '../../shared/records/export.ts';
import type { Schema } from '../../shared/schemas/zod.ts';
import { query as creators } from '../creators/list-query.ts';
import { query as activities } from '../activities/list-query.ts';
import { query as costs } from '../costs/list-query.ts';
import { query as campaigns } from '../campaigns/list-query.ts';
import { query as measurements } from '../outcomes/list-measurements-query.ts';
import { query as organizationHistory } from '../reporting/organization-metrics-history-query.ts';
import { query as campaignHistory } from '../reporting/campaign-metrics-history-query.ts';
import { query as creatorHistory } from '../reporting/creator-metrics-history-query.ts';
import { query as activityHistory } from '../reporting/activity-metrics-history-query.ts';
import { query as spendHistory } from '../reporting/spend-history-query.ts';
import { query as analyticsHistory } from '../analytics/history-query.ts';

export interface ExportInput {
  /** The list route's query schema. */
  query: Schema;
  /** Paged lists take `pageIndex` and `pageSize`; the others answer whole (a campaign's measurements, a report's days). */
  paged: boolean;
}

const paged = (query: Schema): ExportInput => ({ query, paged: true });
const whole = (query: Schema): ExportInput => ({ query, paged: false });

export const EXPORT_INPUTS: Record<ExportKind, ExportInput> = {
  creators: paged(creators),
  activities: paged(activities),
  costs: paged(costs),
  campaigns: paged(campaigns),
  outcome_measurements: whole(measurements),
  organization_metrics_history: whole(organizationHistory),
  campaign_metrics_history: whole(campaignHistory),
  creator_metrics_history: whole(creatorHistory),
  activity_metrics_history: whole(activityHistory),
  spend_history: whole(spendHistory),
  analytics_history: whole(analyticsHistory),
};
