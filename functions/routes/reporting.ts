/** The route table's reporting rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const reportingRoutes = [
  route('GET', '/v1/reporting/organization/metrics', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/organization-metrics',
  }),
  route('GET', '/v1/reporting/organization/metrics/history', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/organization-metrics-history',
  }),
  route('GET', '/v1/reporting/campaign/metrics', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/campaign-metrics',
  }),
  route('GET', '/v1/reporting/campaign/metrics/history', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/campaign-metrics-history',
  }),
  route('GET', '/v1/reporting/creator/metrics', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/creator-metrics',
  }),
  route('GET', '/v1/reporting/creator/metrics/history', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/creator-metrics-history',
  }),
  route('GET', '/v1/reporting/activity/metrics', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/activity-metrics',
  }),
  route('GET', '/v1/reporting/activity/metrics/history', {
    form: 'both',
    access: 'viewer',
    handler: 'reporting/activity-metrics-history',
  }),
  route('GET', '/v1/reporting/analytics/history', { form: 'A', access: 'viewer', handler: 'analytics/history' }),
  route('GET', '/v1/reporting/spend/history', { form: 'A', access: 'viewer', handler: 'reporting/spend-history' }),
  route('GET', '/v1/reporting/analytics/hdyhau-evidence', {
    form: 'A',
    access: 'viewer',
    handler: 'analytics/hdyhau-evidence',
  }),
  route('PUT', '/v1/reporting/analytics/hdyhau-mapping', {
    form: 'A',
    access: 'member',
    handler: 'analytics/hdyhau-mapping',
  }),
  route('GET', '/v1/reporting/analytics/direct-signals', {
    form: 'A',
    access: 'viewer',
    handler: 'analytics/direct-signals',
  }),
  route('PUT', '/v1/reporting/analytics/direct-signals/:signalId/mapping', {
    form: 'A',
    access: 'member',
    handler: 'analytics/signal-mapping',
  }),
  route('PUT', '/v1/reporting/analytics/direct-signals/:signalId/ignored', {
    form: 'A',
    access: 'member',
    handler: 'analytics/signal-ignored',
  }),
  route('GET', '/v1/reporting/campaign/portfolio', {
    form: 'A',
    access: 'viewer',
    handler: 'reporting/campaign-portfolio',
  }),
  route('GET', '/v1/reporting/campaign/comparison', {
    form: 'A',
    access: 'viewer',
    handler: 'reporting/campaign-comparison',
  }),
  route('GET', '/v1/reporting/marketing-brief', { form: 'A', access: 'viewer', handler: 'reporting/marketing-brief' }),
  route('GET', '/v1/reporting/recommendations', { form: 'A', access: 'viewer', handler: 'reporting/recommendations' }),
  route('GET', '/v1/reporting/campaign/readiness', {
    form: 'A',
    access: 'viewer',
    handler: 'reporting/campaign-readiness',
  }),
  route('GET', '/v1/reporting/campaign/closeout', {
    form: 'A',
    access: 'viewer',
    handler: 'reporting/campaign-closeout',
  }),
  // docs/decisions.md "Agency view": the service's own route.
  route('GET', '/v1/reporting/organization/workspaces', {
    form: 'A',
    access: 'viewer',
    handler: 'reporting/organization-workspaces',
  }),
];

/** The reporting route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(reportingRoutes);
