/**
 * The API's catch-all (`$default`) route: a path or method the specification does not have.
 * Authentication still comes first (401), then 404 `not_found`.
 */
import type { Route } from './routes.ts';
import { authenticatedProblem } from '../shared/http/bare-handler.ts';
import { notFound } from '../shared/http/problem.ts';

const catchAll: Route = {
  method: 'GET',
  path: '$default',
  key: '$default',
  auth: 'bearer',
  form: 'B',
  access: 'self',
  agent: true,
  params: {},
  buckets: [],
  handler: 'not-found',
  pending: false,
};

export const handler = authenticatedProblem(catchAll, () => notFound('This route'));
