/**
 * How a row of the route table is written, and how a handler finds its row. The rows live in one
 * small module per group (`functions/routes/<group>.ts`), so a handler's bundle carries its group's
 * rows only; `functions/routes.ts` concatenates the groups into THE table.
 *
 * Imports nothing at run time but shared/http/route.ts, which imports nothing: every Lambda
 * bundle includes this module.
 */
import type { Access, HttpMethod, Route, RouteOptions } from '../../shared/http/route.ts';

/** A row; its key and access keep their literal types, so a handler's `defineHandler` knows its route's access. */
export function route<const M extends HttpMethod, const P extends string, const A extends Access>(
  method: M,
  path: P,
  options: RouteOptions & { access: A },
): Route<A, `${M} ${P}`> {
  return {
    method,
    path,
    key: `${method} ${path}` as const,
    auth: options.auth ?? 'bearer',
    form: options.form,
    access: options.access,
    agent: options.agent ?? true,
    agentRefuses: options.agentRefuses ?? {},
    params: options.params ?? {},
    buckets: options.buckets ?? [],
    handler: options.handler,
  };
}

/** `agentRefuses` of the membership and invitation routes (DECISIONS.md "Identity and tokens": an agent token may not invite or promote anyone to owner). */
export const OWNER_ROLE = { role: 'owner' } as const;

/**
 * `routeByKey` over some rows: the row declared as `METHOD /path` (spec syntax), typed as that row.
 * Throws on a key that is not among them.
 */
export function routeFinder<T extends Route>(rows: readonly T[]) {
  const byKey = new Map<string, T>(rows.map((r) => [r.key, r]));
  return <K extends T['key']>(key: K): Extract<T, { key: K }> => {
    const found = byKey.get(key);
    if (!found) throw new Error(`No route ${key} in functions/routes.ts`);
    return found as Extract<T, { key: K }>;
  };
}
