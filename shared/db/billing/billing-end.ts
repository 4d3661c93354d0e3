/**
 * What deleting a tenant does to its billing: its Stripe subscription is canceled first, so that a
 * Stripe failure fails the delete before anything is removed (the tenant stays whole, and a retried
 * delete cancels again, idempotently) and no deleted organization is ever left being charged.
 */
import * as billing from '../../integrations/billing/index.ts';
import { getBillingAccount } from './billing.ts';

/** Cancels the tenant's live subscription, if it has one (404 for a tenant that is gone). */
export async function endBilling(tenantId: string): Promise<void> {
  const { subscriptionId, tenant } = await getBillingAccount(tenantId);
  if (subscriptionId && tenant.billing.status !== 'canceled') await billing.cancelSubscription(subscriptionId);
}
