/**
 * `createClient({ baseUrl, token })`: openapi-fetch over the service's generated types
 * (`openapi-types.ts`), so every path, parameter, body and answer is typed from the OpenAPI
 * document. What it adds: the bearer token (a string, or a function for refreshed tokens), every
 * unsuccessful answer as an `ApiProblem` (`problem.ts`), 429 retries (`send.ts`) and `pages()`
 * (`paging.ts`).
 */
import createFetchClient, { type FetchResponse, type HeadersOptions, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './openapi-types.ts';
import { ApiProblem } from './problem.ts';
import { pagesOf, type ListItem, type PagedPath, type PagesInit, type UntypedGet } from './paging.ts';
import { sender, type SendOptions } from './send.ts';

export interface ClientOptions extends SendOptions {
  /** The service's address, e.g. `http://127.0.0.1:3000` locally. */
  baseUrl: string;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
}

/** openapi-fetch's answer to one call, its error made an `ApiProblem` (`data` on success, `error` otherwise). */
export type ApiResult<R> = R extends { error: unknown } ? { data?: never; error: ApiProblem; response: Response } : R;

// As openapi-fetch's: the init argument is optional when nothing in it is required.
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** One HTTP method of the client: the paths that have it, each with its own parameters, body and answer. */
export type ClientMethod<Method extends HttpMethod> = <
  Path extends PathsWithMethod<paths, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<ApiResult<FetchResponse<NonNullable<paths[Path][Method]>, Init, MediaType>>>;

export interface ApiClient {
  GET: ClientMethod<'get'>;
  POST: ClientMethod<'post'>;
  PUT: ClientMethod<'put'>;
  PATCH: ClientMethod<'patch'>;
  DELETE: ClientMethod<'delete'>;
  /**
   * Every item of a paged list, page after page (`pageSize` 100 unless given, from `pageIndex` 0
   * unless given), until the last page; throws the `ApiProblem` of a page that fails.
   */
  pages<Path extends PagedPath>(url: Path, init: PagesInit<Path>): AsyncGenerator<ListItem<Path>, void, undefined>;
}

export function createClient(options: ClientOptions): ApiClient {
  const inner = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    fetch: sender(options),
    ...(options.headers ? { headers: options.headers } : {}),
  });

  /** A method of openapi-fetch, its failures turned into ApiProblems (also an empty-bodied one, which openapi-fetch leaves `undefined`). */
  const method = (name: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => {
    const call = inner[name] as (
      url: string,
      init?: unknown,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    return async (url: string, init?: unknown) => {
      const result = await call(url, init);
      return result.response.ok
        ? result
        : { error: new ApiProblem(result.response, result.error), response: result.response };
    };
  };
  const get = method('GET');

  // The casts give each method its type per path; what it does is the same for every path.
  const client: ApiClient = {
    GET: get as unknown as ApiClient['GET'],
    POST: method('POST') as unknown as ApiClient['POST'],
    PUT: method('PUT') as unknown as ApiClient['PUT'],
    PATCH: method('PATCH') as unknown as ApiClient['PATCH'],
    DELETE: method('DELETE') as unknown as ApiClient['DELETE'],
    pages: (url, init) => pagesOf(get as UntypedGet, url, init),
  };
  return client;
}
