/** Records of the Creators group: the creator with its stored aggregate, and its social accounts. */
import * as z from 'zod/mini';
import { Instant, stored } from './common.ts';
import { named } from './reply.ts';

export const SocialAccountRecord = named(
  'SocialAccount',
  z.object({
    accountId: z.string(),
    creatorId: z.uuid(),
    platform: z.string(),
    profileUrl: z.string(),
    handle: z.string(),
    followersCount: z.nullable(z.int()),
    createdAt: Instant,
    updatedAt: Instant,
  }),
);

const creatorFields = {
  ...stored,
  /** The tenant, under both of its names. */
  workspaceId: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: z.nullable(z.enum(['person', 'community', 'brand_partner'])),
  country: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  isOwnBrand: z.boolean(),
  activitiesCount: z.int(),
  totalFollowersCount: z.number(),
  impressions: z.number(),
  engagement: z.number(),
  costsCount: z.int(),
  /** Recorded spend attributed to the creator, per currency, in major units. */
  spend: z.record(z.string(), z.number()),
};

/** A creator as a list shows it: its stored fields and aggregate. */
export const CreatorSummaryRecord = named('CreatorSummary', z.object(creatorFields));

/** One creator, with its social accounts. */
export const CreatorRecord = named('Creator', z.object({ ...creatorFields, socialAccounts: z.array(SocialAccountRecord) }));
