/**
 * Deleting a campaign skips an activity that moved to another campaign between the listing and
 * its unlink (the repository's not-found, a typed domain error), and still deletes the campaign.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActivity, getActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient } from '../../../shared/db/table/client.ts';
import { deleteCampaign } from '../../../shared/db/campaigns/campaign-deletion.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign, getCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';

describe('deleteCampaign', () => {
  it('skips an activity moved to another campaign meanwhile (404 inside the repository) and deletes the campaign', async () => {
    const tenant = await createTenant({ name: 'Race', ownerUserId: randomUUID() });
    const doomed = await createCampaign(tenant.id, { name: 'Doomed' });
    const other = await createCampaign(tenant.id, { name: 'Other' });
    const activity = await createActivity(tenant.id, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    await linkActivity(tenant.id, doomed.id, activity.id);
    // The delete's first read of the activity comes just after another request moved it.
    const activitySk = keys.activity(tenant.id, activity.id).sk;
    let armed = true;
    documentClient().middlewareStack.add(
      (next) => async (args) => {
        const key = (args.input as { Key?: { sk?: string } }).Key;
        if (armed && key?.sk === activitySk) {
          armed = false;
          await linkActivity(tenant.id, other.id, activity.id);
        }
        return next(args);
      },
      { step: 'initialize', name: 'raceCampaignDelete' },
    );
    try {
      expect(await deleteCampaign(tenant.id, doomed.id)).toEqual([]);
    } finally {
      documentClient().middlewareStack.remove('raceCampaignDelete');
    }
    expect(armed).toBe(false);
    expect(await getCampaign(tenant.id, doomed.id)).toBeUndefined();
    expect((await getActivity(tenant.id, activity.id, { consistent: true }))?.campaignId).toBe(other.id);
  });
});
