/**
 * GET /v1/reporting/analytics/history's query (its handler: `history.ts`), on its own so that an
 * export's `filters` are checked by it (functions/exports/inputs.ts) without bundling the list's
 * reads.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { ReportRange } from './inputs.ts';

export const query = /* @__PURE__ */ lazySchema(() => z.strictObject(ReportRange));
