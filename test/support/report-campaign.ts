/** A campaign to report on, written through the repositories: the report links' handler and browser tests share it. */
import { createActivity, linkCreator, updateActivity } from '../../shared/db/catalogue/activities.ts';
import { createCost } from '../../shared/db/catalogue/costs.ts';
import { createCreator } from '../../shared/db/catalogue/creators.ts';
import { linkActivity } from '../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../shared/db/campaigns/campaigns.ts';
import { createOutcomeDefinition } from '../../shared/db/evidence/outcome-definitions.ts';
import { createMeasurement } from '../../shared/db/evidence/outcome-measurements.ts';

/** Texts a user could write that would be markup if the page did not escape them. */
export const HOSTILE = {
  campaign: 'Spring <script>alert("c")</script> launch',
  activity: '<img src=x onerror="alert(1)"> & unboxing',
  creator: 'Ada "<b>bold</b>" Lovelace',
  title: "Q2 <i>report</i> for Acme's board",
  outcome: 'Sign-ups <svg onload=alert(2)>',
} as const;

const DAY = 86_400_000;

/** A campaign that started 10 days ago with 3 activities (2 with spend and views), one creator, GBP costs and a counted outcome. */
export async function seedCampaign(organizationId: string, activities = 3) {
  const startAt = new Date(Date.now() - 10 * DAY).toISOString();
  const campaign = await createCampaign(organizationId, { name: HOSTILE.campaign, startAt, budget: 5000 }, 'UTC');
  const creator = await createCreator(organizationId, { name: HOSTILE.creator });
  const ids: string[] = [];
  for (let i = 0; i < activities; i++) {
    const activity = await createActivity(organizationId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: i === 0 ? HOSTILE.activity : `Video ${i}`,
      startAt: new Date(Date.now() - (9 - (i % 9)) * DAY).toISOString(),
    });
    ids.push(activity.id);
    await linkActivity(organizationId, campaign.id, activity.id, 'UTC');
    if (i === 0) await linkCreator(organizationId, activity.id, creator.id);
    if (i < 2) {
      await createCost(
        organizationId,
        activity,
        { amount: 600 - i * 0.5, currency: 'GBP', type: 'creator_fee' },
        'UTC',
      );
      await updateActivity(organizationId, activity.id, {
        viewsCount: 50_000 - i * 68,
        likeCount: 1200 + i,
        replyCount: 30,
      });
    }
  }
  const definition = await createOutcomeDefinition(organizationId, { name: HOSTILE.outcome, valueKind: 'count' });
  await createMeasurement(
    organizationId,
    campaign.id,
    { outcomeDefinitionId: definition.id, value: 40, sourceMethod: 'platform_report' },
    null,
  );
  return { campaign, creator, activityIds: ids, definition };
}
