/**
 * GET /v1/reporting/spend/history's query (its handler: `spend-history.ts`), on its own so that an
 * export's `filters` are checked by it (functions/exports/inputs.ts) without bundling the list's
 * reads.
 */
import * as z from 'zod/mini';
import { DateOnly, Uuid } from '../../shared/schemas/common.ts';

export const query = z.strictObject({ organizationId: Uuid, startDate: DateOnly, endDate: DateOnly });
