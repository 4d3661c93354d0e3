/**
 * The sample data of the shared demo organization (complete-organic-signup), written once when
 * `ensureDemoTenant` creates it: a few creators and the pieces of content they published, through
 * the same repositories as real data, so the stored aggregates count them like any other records.
 *
 * Records only, no figures: costs, views and engagement would be invented numbers, and the demo
 * shows what the service records, not what it could claim. Campaigns join once that group exists.
 */
import { createActivity } from '../catalogue/activities.ts';
import { createCreator, type NewCreator } from '../catalogue/creators.ts';

const SAMPLE_CREATORS: NewCreator[] = [
  { name: 'Sample: Maya Trails', role: 'person', country: 'US', notes: 'Sample creator of the demo workspace.' },
  {
    name: 'Sample: Home Cooks Club',
    role: 'community',
    country: 'GB',
    notes: 'Sample community of the demo workspace.',
  },
  {
    name: 'Sample: Northwind Outfitters',
    role: 'brand_partner',
    country: 'CA',
    notes: 'Sample brand partner of the demo workspace.',
  },
];

const SAMPLE_ACTIVITIES = [
  { creator: 0, channel: 'instagram', activity: 'instagram_reel', name: 'Sample: trail-running gear reel' },
  { creator: 0, channel: 'youtube', activity: 'youtube_video', name: 'Sample: 30-day review video' },
  { creator: 1, channel: 'reddit', activity: 'reddit_post', name: 'Sample: recipe thread' },
  { creator: 2, channel: 'linkedin', activity: 'linkedin_post', name: 'Sample: partnership announcement' },
];

export async function seedDemoTenant(tenantId: string): Promise<void> {
  const creators = [];
  for (const creator of SAMPLE_CREATORS) creators.push(await createCreator(tenantId, creator));
  for (const { creator, ...activity } of SAMPLE_ACTIVITIES) {
    await createActivity(tenantId, { ...activity, creatorId: creators[creator]!.id });
  }
}
