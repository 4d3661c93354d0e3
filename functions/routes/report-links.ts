/**
 * The route table's report links rows (functions/routes.ts concatenates the groups):
 * docs/decisions.md "Report links (a report a client can open)". Owners and members make, list and revoke
 * links, never agent tokens (a link outlives the token); the page takes no token at all.
 */
import { route, routeFinder } from './row.ts';

export const reportLinksRoutes = [
  route('POST', '/v1/report-links', { form: 'B', access: 'member', agent: false, handler: 'report-links/create' }),
  route('GET', '/v1/report-links', { form: 'B', access: 'member', agent: false, handler: 'report-links/list' }),
  route('DELETE', '/v1/report-links/:id', {
    form: 'B',
    access: 'member',
    agent: false,
    params: { id: 'linkId' },
    handler: 'report-links/delete',
  }),
  route('GET', '/r/:token', { form: 'B', access: 'self', auth: 'none', handler: 'report-links/page' }),
];

/** The report links route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(reportLinksRoutes);
