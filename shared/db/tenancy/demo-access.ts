/**
 * "Demo access removed" (docs/decisions.md "Billing"), once an organization pays: its members who joined
 * the shared demo organization through organic sign-up lose that viewer membership, and whoever had
 * the demo as active organization switches to the paid one. Idempotent: run again, it finds nothing
 * left to change.
 */
import { NotFoundError } from '../../domain/errors.ts';
import { getRecord } from '../table/entity.ts';
import { DemoPointer } from './tenant-entity.ts';
import { getMembership, membershipsOfTenant, removeMembership } from './memberships.ts';
import { getSettings, updateSettings } from './settings.ts';

async function demoTenantId(): Promise<string | undefined> {
  return (await getRecord(DemoPointer, DemoPointer.key()))?.tenantId;
}

export async function removeDemoAccess(paidTenantId: string): Promise<void> {
  const demoId = await demoTenantId();
  if (!demoId || demoId === paidTenantId) return;
  const members = await membershipsOfTenant(paidTenantId);
  for (const { userId, status } of members) {
    if (status !== 'active') continue;
    // Organic sign-up is the only way into the demo, always as a viewer (it has no owner to add anyone).
    const demo = await getMembership(demoId, userId);
    if (demo?.role === 'viewer') {
      try {
        await removeMembership(demoId, userId);
      } catch (error) {
        // Removed concurrently (a sync and the webhook at once): the outcome is the same.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    if ((await getSettings(userId)).activeOrganizationId === demoId)
      await updateSettings(userId, { activeOrganizationId: paidTenantId });
  }
}
