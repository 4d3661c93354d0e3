/** The route table's reported outcomes rows (functions/routes.ts concatenates the groups). */
import { route, routeFinder } from './row.ts';

export const outcomesRoutes = [
  route('GET', '/v1/outcomes/definitions', { form: 'A', access: 'viewer', handler: 'outcomes/list-definitions' }),
  route('POST', '/v1/outcomes/definitions', { form: 'A', access: 'member', handler: 'outcomes/create-definition' }),
  route('PATCH', '/v1/outcomes/definitions/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'outcomeDefinitionId' },
    handler: 'outcomes/update-definition',
  }),
  route('DELETE', '/v1/outcomes/definitions/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'outcomeDefinitionId' },
    handler: 'outcomes/delete-definition',
  }),
  route('GET', '/v1/outcomes/measurements', { form: 'A', access: 'viewer', handler: 'outcomes/list-measurements' }),
  route('POST', '/v1/outcomes/measurements', { form: 'A', access: 'member', handler: 'outcomes/create-measurement' }),
  route('PATCH', '/v1/outcomes/measurements/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'measurementId' },
    handler: 'outcomes/update-measurement',
  }),
  route('DELETE', '/v1/outcomes/measurements/:id', {
    form: 'A',
    access: 'member',
    params: { id: 'measurementId' },
    handler: 'outcomes/delete-measurement',
  }),
];

/** The reported outcomes route declared as `METHOD /path`: a handler's row, without the rest of the table. */
export const routeByKey = routeFinder(outcomesRoutes);
