/**
 * The API's catch-all (`$default`) route: a path or method the specification does not have.
 * Authentication still comes first (401); then a known path asked with another method is 405
 * `method_not_allowed` with `Allow`, and anything else 404 `not_found`.
 */
import { methodsAt } from './route-match.ts';
import type { Route } from './routes.ts';
import { authenticatedProblem } from '../shared/http/bare-handler.ts';
import { methodNotAllowed, notFound } from '../shared/http/problem.ts';

const catchAll: Route = {
  method: 'GET',
  path: '$default',
  key: '$default',
  auth: 'bearer',
  form: 'B',
  access: 'self',
  agent: true,
  agentRefuses: {},
  params: {},
  buckets: [],
  handler: 'not-found',
};

export const handler = authenticatedProblem(catchAll, (event) => {
  const allowed = methodsAt(event.rawPath);
  return allowed.length ? methodNotAllowed(event.rawPath, allowed) : notFound('This route');
});
