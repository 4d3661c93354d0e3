/**
 * What each kind of export reads: a list route of the specification (docs/exports.md names each
 * kind's route), through that route's own handler module — its query schema validates an export's `filters` (`handler.input`), its record
 * schema names the CSV columns (`handler.output`), and its work (`read`) gives the records, page by
 * page, exactly as the route answers them. Nothing of a list is copied here.
 */
import type { ListResult } from '../../shared/http/result.ts';
import type { ListWork, DefinedHandler } from '../../shared/http/handler.ts';
import type { ExportKind } from '../../shared/records/export.ts';
import type { Schema } from '../../shared/schemas/zod.ts';
import { EXPORT_INPUTS, type ExportInput } from './inputs.ts';
import * as creators from '../creators/list.ts';
import * as activities from '../activities/list.ts';
import * as costs from '../costs/list.ts';
import * as campaigns from '../campaigns/list.ts';
import * as measurements from '../outcomes/list-measurements.ts';
import * as organizationHistory from '../reporting/organization-metrics-history.ts';
import * as campaignHistory from '../reporting/campaign-metrics-history.ts';
import * as creatorHistory from '../reporting/creator-metrics-history.ts';
import * as activityHistory from '../reporting/activity-metrics-history.ts';
import * as spendHistory from '../reporting/spend-history.ts';
import * as analyticsHistory from '../analytics/history.ts';

/**
 * Where a record's money is: `amounts` in the currency named by the record's `currency` field (a
 * cost) or the organization's (reports, budgets: a `currency` column is added), and `perCurrency`
 * maps (recorded spend) shown as the organization's currency's amount and the others as text.
 */
export interface MoneyFields {
  amounts?: readonly string[];
  perCurrency?: readonly string[];
  /** `record`: the record's own `currency` field; `organization`: the tenant's currency. */
  currency: 'record' | 'organization';
}

/** A kind's list: its query and paging (inputs.ts), its handler and the handler's work. */
export interface ExportSource extends ExportInput {
  handler: DefinedHandler<Schema>;
  read(args: ListWork<never>): Promise<ListResult<unknown>>;
  money: MoneyFields;
}

type Module = { handler: DefinedHandler<Schema>; read: (args: ListWork<never>) => Promise<ListResult<unknown>> };

const source = (kind: ExportKind, module: Module, money: MoneyFields = { currency: 'organization' }): ExportSource => ({
  ...EXPORT_INPUTS[kind],
  handler: module.handler,
  read: module.read,
  money,
});

const REPORT_MONEY: MoneyFields = { amounts: ['spend'], currency: 'organization' };

export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  creators: source('creators', creators, { perCurrency: ['spend'], currency: 'organization' }),
  activities: source('activities', activities, { perCurrency: ['spend'], currency: 'organization' }),
  costs: source('costs', costs, { amounts: ['amount', 'conversion.amount'], currency: 'record' }),
  campaigns: source('campaigns', campaigns, { amounts: ['budget'], perCurrency: ['spend'], currency: 'organization' }),
  outcome_measurements: source('outcome_measurements', measurements),
  organization_metrics_history: source('organization_metrics_history', organizationHistory, REPORT_MONEY),
  campaign_metrics_history: source('campaign_metrics_history', campaignHistory, REPORT_MONEY),
  creator_metrics_history: source('creator_metrics_history', creatorHistory, REPORT_MONEY),
  activity_metrics_history: source('activity_metrics_history', activityHistory, REPORT_MONEY),
  spend_history: source('spend_history', spendHistory, {
    amounts: ['amount', 'cumulativeAmount'],
    currency: 'organization',
  }),
  analytics_history: source('analytics_history', analyticsHistory),
};

/** The record schema of a source's list (what `listReply` names). */
export function recordSchemaOf(source: ExportSource): Schema {
  const output = source.handler.output as { kind: string; item?: Schema } | undefined;
  if (output?.kind !== 'list' || !output.item) throw new Error("An export source's handler declares no list output");
  return output.item;
}
