/**
 * Which route of the table a method and path name, with API Gateway's precedence (static segments
 * before parameters); and which methods a path has at all, for the catch-all's 405 and its `Allow`.
 * Shared by the local gateway and the catch-all function, so both read the table the same way.
 */
import { routes, type Route } from './routes.ts';

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Static segments outrank parameters, as in API Gateway (`/v1/activities/count` before `/:id`). */
  specificity: number;
}

const compiled: CompiledRoute[] = routes
  .map((route) => {
    const names: string[] = [];
    const segments = route.path.split('/').filter(Boolean);
    const pattern = segments
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    const specificity = segments.reduce((score, s, i) => score + (s.startsWith(':') ? 0 : 2 ** (16 - i)), 0);
    return { route, pattern: new RegExp(`^/${pattern}/?$`), names, specificity };
  })
  .sort((a, b) => b.specificity - a.specificity);

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

/** The route for a method and path, or undefined when there is none (the API's `$default`). */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const candidate of compiled) {
    if (candidate.route.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    try {
      candidate.names.forEach((name, i) => {
        pathParameters[name] = decodeURIComponent(match[i + 1]!);
      });
    } catch {
      return undefined; // malformed percent-encoding: no route can match it
    }
    return { route: candidate.route, pathParameters };
  }
  return undefined;
}

/** The methods the table has for a path (sorted), empty when the path is unknown: a 405 names them in `Allow`. */
export function methodsAt(path: string): string[] {
  const methods = new Set(
    compiled.filter((candidate) => candidate.pattern.test(path)).map((candidate) => candidate.route.method),
  );
  return [...methods].sort();
}
