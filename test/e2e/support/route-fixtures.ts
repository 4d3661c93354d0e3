/**
 * A valid request for every built route the authorization matrix covers, keyed by the route's key:
 * the matrix fails when a built route of a covered group has none, so a new route cannot be added
 * without appearing in it. Per area: ./fixtures/tenancy.ts (organizations, workspaces, users) and
 * ./fixtures/tenant-data.ts (the tenant's data), with the record makers in ./fixtures/records.ts,
 * ./fixtures/billing.ts, ./fixtures/analytics.ts and ./fixtures/webhooks.ts; exports in ./fixtures/exports.ts.
 */
import { analyticsFixtures } from './fixtures/analytics.ts';
import { billingFixtures } from './fixtures/billing.ts';
import { exportsFixtures } from './fixtures/exports.ts';
import { reportingFixtures } from './fixtures/reporting.ts';
import { tenancyFixtures } from './fixtures/tenancy.ts';
import { tenantDataFixtures } from './fixtures/tenant-data.ts';
import type { RouteFixture } from './fixtures/types.ts';
import { webhooksFixtures } from './fixtures/webhooks.ts';
import { reportLinksFixtures } from './fixtures/report-links.ts';

export type { CallContext, RequestParts, RouteFixture } from './fixtures/types.ts';

export const fixtures: Record<string, RouteFixture> = {
  ...tenancyFixtures,
  ...tenantDataFixtures,
  ...reportingFixtures,
  ...billingFixtures,
  ...analyticsFixtures,
  ...exportsFixtures,
  ...webhooksFixtures,
  ...reportLinksFixtures,
};
