/** The route table's organizations rows (functions/routes.ts concatenates the groups). */
import { OWNER_ROLE, route, routeFinder } from './row.ts';

export const organizationsRoutes = [
  route('GET', '/v1/organizations', { form: 'both', access: 'self', handler: 'organizations/list' }),
  route('GET', '/v1/organizations/:id', {
    form: 'both',
    access: 'viewer',
    params: { id: 'organizationId' },
    handler: 'organizations/get',
  }),
  route('POST', '/v1/organizations', { form: 'both', access: 'self', handler: 'organizations/create' }),
  route('POST', '/v1/organizations/complete-organic-signup', {
    form: 'B',
    access: 'self',
    handler: 'organizations/complete-organic-signup',
  }),
  route('PATCH', '/v1/organizations/:id', {
    form: 'both',
    access: 'owner',
    params: { id: 'organizationId' },
    handler: 'organizations/update',
  }),
  route('DELETE', '/v1/organizations/:id', {
    form: 'both',
    access: 'owner',
    agent: false,
    params: { id: 'organizationId' },
    handler: 'organizations/delete',
  }),
  route('GET', '/v1/organizations/:id/users', {
    form: 'both',
    access: 'viewer',
    params: { id: 'organizationId' },
    handler: 'organizations/list-members',
  }),
  route('POST', '/v1/organizations/:id/users', {
    form: 'both',
    access: 'owner',
    agentRefuses: OWNER_ROLE,
    params: { id: 'organizationId' },
    handler: 'organizations/add-member',
  }),
  route('PATCH', '/v1/organizations/:id/users/:userId', {
    form: 'both',
    access: 'owner',
    agentRefuses: OWNER_ROLE,
    params: { id: 'organizationId' },
    handler: 'organizations/change-member-role',
  }),
  route('DELETE', '/v1/organizations/:id/users/:userId', {
    form: 'both',
    access: 'owner',
    params: { id: 'organizationId' },
    handler: 'organizations/remove-member',
  }),
  route('POST', '/v1/organizations/:id/invites', {
    form: 'both',
    access: 'owner',
    agentRefuses: OWNER_ROLE,
    params: { id: 'organizationId' },
    handler: 'organizations/invite',
  }),
  route('POST', '/v1/organizations/invites/:organizationId/accept', {
    form: 'B',
    access: 'self',
    handler: 'organizations/accept-invite',
  }),
  route('POST', '/v1/organizations/invites/:organizationId/decline', {
    form: 'B',
    access: 'self',
    handler: 'organizations/decline-invite',
  }),
  route('POST', '/v1/organizations/invites/process-signup', {
    form: 'B',
    access: 'self',
    handler: 'organizations/process-signup',
  }),
];

/** The organizations route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(organizationsRoutes);
