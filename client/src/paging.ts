/**
 * `pages()`: every item of a paged list. The service pages by offset, not by cursor: a paged list
 * takes `pageIndex` (zero-based) and `pageSize` (1-100) and answers `{items, totalCount, facets}`,
 * Form A lists adding `_meta` and Form B lists (activities, cost types) not; the paging reads
 * only `items` and `totalCount`, so both forms page alike. The last page is the one that reaches
 * `totalCount`, or that is short or empty: an empty list is one request and no items.
 *
 * Only the lists that take `pageIndex` page; the others (histories, notes, files, outcome
 * definitions) answer everything at once, to one `GET`.
 */
import type { FetchOptions } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import type { paths } from './openapi-types.ts';
import type { ApiProblem } from './problem.ts';

/** The most a page may hold, and what `pages()` asks for unless told otherwise: the fewest requests. */
export const MAX_PAGE_SIZE = 100;

type GetPath = PathsWithMethod<paths, 'get'>;
type Operation<Path extends GetPath> = paths[Path]['get'];

/**
 * The paths of the paged lists: those whose GET takes `pageIndex` and `pageSize` and answers the list
 * envelope (`items` at the top). The agency view (`/v1/reporting/organization/workspaces`) pages its
 * rows inside `data`, beside totals over every row: it is asked for with `GET`, page by page.
 */
export type PagedPath = {
  [Path in GetPath]: Operation<Path> extends {
    parameters: { query: { pageIndex: number; pageSize: number } };
    responses: { 200: { content: { 'application/json': { items: unknown[] } } } };
  }
    ? Path
    : never;
}[GetPath];

type Query<Path extends PagedPath> = Operation<Path>['parameters']['query'];

/** One item of the list at `Path`. */
export type ListItem<Path extends PagedPath> =
  Operation<Path>['responses'][200]['content']['application/json']['items'][number];

/** The list's parameters, `pageIndex` (where to start) and `pageSize` optional; and any other option of a call. */
export type PagesInit<Path extends PagedPath> = Omit<FetchOptions<Operation<Path>>, 'params'> & {
  params: Omit<Operation<Path>['parameters'], 'query'> & {
    query: Omit<Query<Path>, 'pageIndex' | 'pageSize'> & { pageIndex?: number; pageSize?: number };
  };
};

interface Page {
  items: unknown[];
  totalCount: number;
}

/** A GET of the client, untyped: `pagesOf` types what goes in and comes out itself. */
export type UntypedGet = (url: string, init: unknown) => Promise<{ data?: unknown; error?: ApiProblem }>;

export async function* pagesOf<Path extends PagedPath>(
  get: UntypedGet,
  url: Path,
  init: PagesInit<Path>,
): AsyncGenerator<ListItem<Path>, void, undefined> {
  const { pageIndex: first = 0, pageSize = MAX_PAGE_SIZE, ...query } = init.params.query;
  for (let pageIndex = first; ; pageIndex++) {
    const { data, error } = await get(url, {
      ...init,
      params: { ...init.params, query: { ...query, pageIndex, pageSize } },
    });
    if (error) throw error;
    const page = data as Page;
    yield* page.items as ListItem<Path>[];
    // Counted by offset: records added or removed meanwhile may shift a record across pages, as with any offset paging.
    if (page.items.length < pageSize || (pageIndex + 1) * pageSize >= page.totalCount) return;
  }
}
