/**
 * Analytics records: an organization's mapping of a raw 'how did you hear about us' answer: the
 * record schemas, what the repositories return (shared/db) and what the OpenAPI document shows
 * (shared/schemas/records names them). They import only zod, shared/domain and this folder, so
 * neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { HDYHAU_CATEGORIES } from '../domain/analytics.ts';

/** A stored mapping of one raw answer: what the repository returns, and what the OpenAPI document shows (shared/schemas/records/analytics.ts). */
export const HdyhauMappingSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    dimensionApiName: z.string(),
    rawValue: z.string(),
    normalizedValue: z.string(),
    category: z.enum(HDYHAU_CATEGORIES),
    updatedAt: z.string(),
  }),
);
