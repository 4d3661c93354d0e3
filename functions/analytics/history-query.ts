/**
 * GET /v1/reporting/analytics/history's query (its handler: `history.ts`), on its own so that an
 * export's `filters` are checked by it (functions/exports/inputs.ts) without bundling the list's
 * reads.
 */
import * as z from 'zod/mini';
import { ReportRange } from './inputs.ts';

export const query = z.strictObject(ReportRange);
