/**
 * One way a billing change takes effect, for the sync route and the webhook alike: the state is
 * applied (or found already applied), and an organization that is now active has its members'
 * demo access removed (docs/decisions.md "Billing"). Both steps are idempotent, so a sync and a webhook
 * delivery for the same checkout, in either order or at once, leave one outcome.
 */
import { applyBillingChange, type AppliedChange } from '../../shared/db/billing/index.ts';
import { removeDemoAccess } from '../../shared/db/tenancy/index.ts';
import type { BillingChange } from '../../shared/domain/billing.ts';

/** What `applyBillingChange` answers: undefined when the organization is gone. */
export async function takeEffect(change: BillingChange): Promise<AppliedChange | undefined> {
  const applied = await applyBillingChange(change);
  if (applied && !applied.notOwnCustomer && applied.tenant.billing.status === 'active')
    await removeDemoAccess(change.organizationId);
  return applied;
}
