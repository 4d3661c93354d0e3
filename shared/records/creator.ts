/**
 * The creator: the record schemas, what the repositories return (shared/db) and what the OpenAPI
 * document shows (shared/schemas/records names them). They import only zod, shared/domain and this
 * folder, so neither shared/schemas nor shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { PerCurrency, RecordId, stored } from './fields.ts';

export const CREATOR_ROLES = ['person', 'community', 'brand_partner'] as const;

export type CreatorRole = (typeof CREATOR_ROLES)[number];

/**
 * The creator record: what the repository returns, and what the OpenAPI document shows
 * (shared/schemas/records/creator.ts names it).
 */
export const CreatorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    /** The tenant, under both of its names (docs/decisions.md: one id space). */
    workspaceId: RecordId,
    organizationId: RecordId,
    name: z.string(),
    email: z.nullable(z.string()),
    role: z.nullable(z.enum(CREATOR_ROLES)),
    country: z.nullable(z.string()),
    notes: z.nullable(z.string()),
    isOwnBrand: z.boolean(),
    activitiesCount: z.int(),
    totalFollowersCount: z.number(),
    impressions: z.number(),
    engagement: z.number(),
    costsCount: z.int(),
    /** Recorded spend attributed to the creator, per currency, in major units. */
    spend: PerCurrency,
  }),
);

export type Creator = z.infer<typeof CreatorSchema>;
