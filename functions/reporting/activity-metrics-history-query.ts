/**
 * GET /v1/reporting/activity/metrics/history's query (its handler: `activity-metrics-history.ts`),
 * on its own so that an export's `filters` are checked by it (functions/exports/inputs.ts) without
 * bundling the list's reads.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { historyInput } from './scope.ts';

export const query = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ organizationId: Uuid, activityId: Uuid, ...historyInput }),
);
