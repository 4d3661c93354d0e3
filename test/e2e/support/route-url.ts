/** The URL of a route fixture's request: path parameters filled in, the query appended. */
import type { Route } from '../../../functions/routes.ts';
import { tenantInPath } from './expected-access.ts';
import type { RequestParts } from './route-fixtures.ts';
import type { Identity } from './world.ts';

export function urlOf(route: Route, parts: RequestParts, tenantId: string, subject: Identity): string {
  const values: Record<string, string> = {};
  // `:id` is the tenant or the subject's account, unless the fixture names a record.
  if (route.params.id) values.id = tenantInPath(route) ? tenantId : subject.userId;
  Object.assign(values, parts.params);
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${route.key}: no value for :${name}`);
    return encodeURIComponent(values[name]);
  });
  const query = new URLSearchParams(
    Object.entries(parts.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}
