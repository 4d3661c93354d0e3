/** The document's tags: one per group of the route table, named by the path's first segment after `/v1`. */
import type { Route } from '../../functions/routes.ts';

export const TAGS: Record<string, { name: string; description: string }> = {
  workspaces: { name: 'Workspaces', description: 'Workspaces (Form A tenants) and their members and invitations.' },
  organizations: {
    name: 'Organizations',
    description: 'Organizations (Form B tenants), their members, invitations and sign-up.',
  },
  users: { name: 'Users', description: "The caller's own account: profile, avatar, email change, settings, deletion." },
  creators: { name: 'Creators', description: 'Creators, their social accounts and metrics.' },
  activities: {
    name: 'Activities',
    description: 'Activities (content), their creators, costs, content links and metrics.',
  },
  campaigns: { name: 'Campaigns', description: 'Campaigns and the activities linked to them.' },
  notes: { name: 'Notes', description: 'Notes on records of a tenant.' },
  files: { name: 'Files', description: 'Files attached to records, with download links.' },
  costs: { name: 'Costs', description: 'Costs across activities (read-only).' },
  'expense-categories': { name: 'Expense categories', description: 'Categories a cost may name.' },
  outcomes: { name: 'Reported outcomes', description: 'Outcome definitions and their measurements.' },
  reporting: { name: 'Reporting', description: 'Metrics, histories and reports.' },
  billing: { name: 'Billing', description: 'Checkout and customer-portal sessions.' },
  'analytics-oauth': { name: 'Analytics connection', description: 'Connecting a web-analytics property.' },
  exports: {
    name: 'Exports',
    description:
      'A list or report history of an organization as a CSV or JSON file, made in the background (members and owners; not viewers).',
  },
  'report-links': {
    name: 'Report links',
    description:
      "Links that open a campaign's or the organization's report, read-only, as a page without a token (owners and members make and revoke them).",
  },
  webhooks: {
    name: 'Webhooks',
    description: 'Outbound events (Standard Webhooks): endpoints, their signing secrets, delivery logs and replays.',
  },
  service: { name: 'Service', description: "The service's own description: this document and its reference page." },
};

export function tagOf(route: Route): string {
  // A report link's page (`/r/:token`) is in its links' group.
  const segment = route.path.startsWith('/r/') ? 'report-links' : (route.path.split('/')[2] ?? '');
  const tag = TAGS[segment];
  if (!tag) throw new Error(`No tag for ${route.key}: add its group to scripts/openapi/tags.ts`);
  return tag.name;
}
