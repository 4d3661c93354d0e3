/**
 * The tenant's items, declared apart from the repository (tenants.ts) so that the modules tenants.ts
 * imports (memberships, the spend order, the activity stats) read their part of them as projections
 * (`defineProjection`) without a circle: the tenant item, its stored aggregate, and the demo pointer.
 */
import * as z from 'zod/mini';
import { defineEntity } from '../table/entity.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { TenantMetricsSchema, TenantSchema } from '../../records/tenant.ts';

/**
 * The tenant item: the record and what it stores besides (counters, deletion marks, billing's
 * ordering). The record's shape is spread in, not `z.extend`ed, which would add ~1.5 KB to every bundle.
 */
export const Tenants = defineEntity({
  name: 'The organization',
  schema: () =>
    z.object({
      ...TenantSchema.shape,
      memberCount: z.number(),
      ownerCount: z.number(),
      deletedAt: z.optional(z.string()),
      deletingAt: z.optional(z.string()),
      /** Stripe's ids and the ordering of applied billing changes (shared/db/billing/billing.ts); never shown. */
      stripeCustomerId: z.optional(z.string()),
      stripeSubscriptionId: z.optional(z.string()),
      billingCreated: z.optional(z.number()),
      /** Bumped by every change of `currency`; gsi9 orders by spend in it once `spendOrderRevision` equals it (spend-order.ts). Never shown. */
      currencyRevision: z.optional(z.number()),
      spendOrderRevision: z.optional(z.number()),
    }),
  key: keys.tenant,
  queries: {
    /** Every item of the tenant's partition, of whatever kind: what its permanent deletion sweeps (tenant-deletion.ts). */
    partition: collections.tenantItems,
    /** The tenants whose permanent deletion was marked before `cutoff` and is unfinished (gsi3). */
    deletingBefore: collections.tenantsDeletingBefore,
  },
});

/** The tenant's stored aggregate (lists and reporting read it; the writes of its records move it). */
export const TenantAggregates = defineEntity({
  name: 'The organization',
  schema: () => TenantMetricsSchema,
  key: keys.tenantAggregate,
});

/** The shared demo tenant's pointer: which tenant it is (created on first use). */
export const DemoPointer = defineEntity({
  name: 'The demo organization',
  schema: () => z.object({ tenantId: z.string() }),
  key: keys.demoTenant,
});
