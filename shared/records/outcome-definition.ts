/**
 * An outcome definition: the record schemas, what the repositories return (shared/db) and what the
 * OpenAPI document shows (shared/schemas/records names them). They import only zod, shared/domain
 * and this folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { RecordId, stored } from './fields.ts';

/** The outcome definition record: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/outcome.ts). */
export const OutcomeDefinitionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    organizationId: RecordId,
    workspaceId: RecordId,
    name: z.string(),
    description: z.nullable(z.string()),
    valueKind: z.string(),
    unitLabel: z.nullable(z.string()),
    defaultCurrency: z.nullable(z.string()),
    /** Live measurements that use the definition; the delete is refused (409) while it is above 0. */
    activeMeasurementsCount: z.int(),
  }),
);
