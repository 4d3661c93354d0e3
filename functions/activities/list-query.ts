/**
 * GET /v1/activities's query (its handler: `list.ts`), on its own so that an export's `filters` are
 * checked by it (functions/exports/inputs.ts) without bundling the list's reads.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { paging, search } from '../../shared/schemas/common.ts';
import { filterInput } from './filters.ts';

const SORT_COLUMNS = ['name', 'createdAt', 'startAt'] as const;

export const query = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ ...filterInput, ...paging, ...search(SORT_COLUMNS) }),
);
