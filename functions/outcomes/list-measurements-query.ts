/**
 * GET /v1/outcomes/measurements's query (its handler: `list-measurements.ts`), on its own so that
 * an export's `filters` are checked by it (functions/exports/inputs.ts) without bundling the list's
 * reads.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { Uuid } from '../../shared/schemas/common.ts';

export const query = /* @__PURE__ */ lazySchema(() => z.strictObject({ organizationId: Uuid, campaignId: Uuid }));
