/**
 * THE route table: every endpoint of the interface specification, once.
 *
 * Three readers: the CDK stack (one function and one API route per entry), the local server
 * (`infra/local`), and the handler middleware (form -> `_meta`, access -> authorization,
 * params -> canonical input names). Nothing else lists routes.
 *
 * The rows are written in one small module per group (`functions/routes/<group>.ts`, in the
 * order of the table); this module only concatenates them. A handler passes its row to
 * `defineHandler` through its group's `routeByKey` (`route: routeByKey('GET /v1/users/:id')`,
 * imported from `../routes/users.ts`), so its bundle carries its group's rows rather than the
 * whole table (the cold-start targets, test/bench/RESULTS.md: the table was 14 KB of every bundle). Nothing under shared/ imports
 * the table.
 */
import type { Route } from '../shared/http/route.ts';
import { workspacesRoutes } from './routes/workspaces.ts';
import { organizationsRoutes } from './routes/organizations.ts';
import { usersRoutes } from './routes/users.ts';
import { creatorsRoutes } from './routes/creators.ts';
import { activitiesRoutes } from './routes/activities.ts';
import { campaignsRoutes } from './routes/campaigns.ts';
import { notesRoutes } from './routes/notes.ts';
import { filesRoutes } from './routes/files.ts';
import { costsRoutes } from './routes/costs.ts';
import { expenseCategoriesRoutes } from './routes/expense-categories.ts';
import { outcomesRoutes } from './routes/outcomes.ts';
import { reportingRoutes } from './routes/reporting.ts';
import { billingRoutes } from './routes/billing.ts';
import { analyticsConnectionRoutes } from './routes/analytics-connection.ts';
import { exportsRoutes } from './routes/exports.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { reportLinksRoutes } from './routes/report-links.ts';

export type { Access, AuthKind, BucketName, Form, HttpMethod, Route, RouteOptions } from '../shared/http/route.ts';
export { hasMeta, takesIdempotencyKey } from '../shared/http/route.ts';

const table = [
  ...workspacesRoutes,
  ...organizationsRoutes,
  ...usersRoutes,
  ...creatorsRoutes,
  ...activitiesRoutes,
  ...campaignsRoutes,
  ...notesRoutes,
  ...filesRoutes,
  ...costsRoutes,
  ...expenseCategoriesRoutes,
  ...outcomesRoutes,
  ...reportingRoutes,
  ...billingRoutes,
  ...analyticsConnectionRoutes,
  ...exportsRoutes,
  ...webhooksRoutes,
  ...reportLinksRoutes,
];

/** A route of the table, with its key and access as literal types. */
export type TableRoute = (typeof table)[number];
export type RouteKey = TableRoute['key'];

export const routes: readonly TableRoute[] = table;

const byKey = new Map<string, Route>(routes.map((r) => [r.key, r]));

/** The route declared as `METHOD /path` (spec syntax). Throws on a key that is not in the table. */
export function routeByKey<K extends RouteKey>(key: K): Extract<TableRoute, { key: K }>;
export function routeByKey(key: string): Route;
export function routeByKey(key: string): Route {
  const found = byKey.get(key);
  if (!found) throw new Error(`No route ${key} in functions/routes.ts`);
  return found;
}

/** API Gateway's path syntax: `/v1/users/{id}`. */
export function gatewayPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

const byGatewayKey = new Map(routes.map((r) => [`${r.method} ${gatewayPath(r.path)}`, r]));

/** The route of an API Gateway `routeKey` (`GET /v1/users/{id}`), if it is one of ours. */
export function routeByGatewayKey(routeKey: string): Route | undefined {
  return byGatewayKey.get(routeKey);
}
