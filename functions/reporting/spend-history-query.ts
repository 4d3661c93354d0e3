/**
 * GET /v1/reporting/spend/history's query (its handler: `spend-history.ts`), on its own so that an
 * export's `filters` are checked by it (functions/exports/inputs.ts) without bundling the list's
 * reads.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { DateOnly, Uuid } from '../../shared/schemas/common.ts';

export const query = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ organizationId: Uuid, startDate: DateOnly, endDate: DateOnly }),
);
