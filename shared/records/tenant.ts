/**
 * The tenant (organization or workspace) and its stored aggregate: the record schemas, what the
 * repositories return (shared/db) and what the OpenAPI document shows (shared/schemas/records
 * names them). They import only zod, shared/domain and this folder, so neither shared/schemas nor
 * shared/http reaches into shared/db for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { BILLING_STATUSES, PLANS } from '../domain/billing.ts';
import { Instant, PerCurrency, RecordId, stored } from './fields.ts';

/**
 * The tenant record: what the repository returns, and what the OpenAPI document shows with the
 * caller's membership and the tenant's metrics (shared/schemas/records/tenant.ts).
 */
export const TenantSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    name: z.string(),
    /** The parent organization of a workspace created under one; null for a top-level tenant. */
    organizationId: z.nullable(RecordId),
    ianaTimezone: z.nullable(z.string()),
    currency: z.string(),
    avatarKey: z.nullable(z.string()),
    conversionValue: z.nullable(z.number()),
    defaultAttributionWindowDays: z.nullable(z.int()),
    isDemo: z.boolean(),
    /** Plan and payment state (docs/decisions.md "Billing"): the end of the paid period when known; written by shared/db/billing/billing.ts only. */
    billing: z.object({
      plan: z.nullable(z.enum(PLANS)),
      status: z.enum(BILLING_STATUSES),
      currentPeriodEnd: z.nullable(Instant),
    }),
    createdBy: z.string(),
  }),
);

export type Tenant = z.infer<typeof TenantSchema>;

/** The timezone a tenant's days, statuses and spend days are counted in: its own, UTC while it has none (or no tenant is found). */
export const timeZoneOf = (tenant: Pick<Tenant, 'ianaTimezone'> | undefined): string => tenant?.ianaTimezone ?? 'UTC';

/**
 * A tenant's stored aggregate, moved by the writes of its records: the tenant record's `metrics`
 * (shared/schemas/records/tenant.ts shows it).
 */
export const TenantMetricsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    creatorsCount: z.int(),
    activitiesCount: z.int(),
    campaignsCount: z.int(),
    costsCount: z.int(),
    /** Recorded spend per currency, in major units. */
    spend: PerCurrency,
    impressions: z.number(),
    engagement: z.number(),
  }),
);
