/** The route table's workspaces rows (functions/routes.ts concatenates the groups). */
import { OWNER_ROLE, route, routeFinder } from './row.ts';

export const workspacesRoutes = [
  route('GET', '/v1/workspaces', { form: 'A', access: 'self', handler: 'workspaces/list' }),
  route('GET', '/v1/workspaces/:id', {
    form: 'A',
    access: 'viewer',
    params: { id: 'workspaceId' },
    handler: 'workspaces/get',
  }),
  route('POST', '/v1/workspaces', { form: 'A', access: 'self', handler: 'workspaces/create' }),
  route('PATCH', '/v1/workspaces/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'workspaceId' },
    handler: 'workspaces/update',
  }),
  route('DELETE', '/v1/workspaces/:id', {
    form: 'A',
    access: 'owner',
    agent: false,
    params: { id: 'workspaceId' },
    handler: 'workspaces/delete',
  }),
  route('GET', '/v1/workspaces/:id/users', {
    form: 'A',
    access: 'viewer',
    params: { id: 'workspaceId' },
    handler: 'workspaces/list-members',
  }),
  route('POST', '/v1/workspaces/:id/users', {
    form: 'A',
    access: 'owner',
    agentRefuses: OWNER_ROLE,
    params: { id: 'workspaceId' },
    handler: 'workspaces/add-member',
  }),
  route('PATCH', '/v1/workspaces/:id/users/:userId', {
    form: 'A',
    access: 'owner',
    agentRefuses: OWNER_ROLE,
    params: { id: 'workspaceId' },
    handler: 'workspaces/change-member-role',
  }),
  route('DELETE', '/v1/workspaces/:id/users/:userId', {
    form: 'A',
    access: 'owner',
    params: { id: 'workspaceId' },
    handler: 'workspaces/remove-member',
  }),
  route('POST', '/v1/workspaces/:id/invites', {
    form: 'A',
    access: 'owner',
    agentRefuses: OWNER_ROLE,
    params: { id: 'workspaceId' },
    handler: 'workspaces/invite',
  }),
];

/** The workspaces route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(workspacesRoutes);
