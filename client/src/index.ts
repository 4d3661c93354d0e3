/**
 * @creator-measurement/client: the typed client of the creator measurement API. See README.md.
 */
export { createClient, type ApiClient, type ApiResult, type ClientMethod, type ClientOptions } from './client.ts';
export { ApiProblem, retryAfterSeconds, type FieldError, type ProblemCode, type ProblemDocument } from './problem.ts';
export { MAX_PAGE_SIZE, type ListItem, type PagedPath, type PagesInit } from './paging.ts';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_RETRY_AFTER_SECONDS, type RetryOptions, type TokenSource } from './send.ts';
export type { components, operations, paths } from './openapi-types.ts';
