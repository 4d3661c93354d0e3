/**
 * The campaign record and its fields: the record schemas, what the repositories return (shared/db)
 * and what the OpenAPI document shows (shared/schemas/records names them). They import only zod,
 * shared/domain and this folder, so neither shared/schemas nor shared/http reaches into shared/db
 * for them.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { PerCurrency, RecordId, stored } from './fields.ts';

/** The planning brief (Form A): what duplicate copies. */
export const BRIEF_FIELDS = [
  'summary',
  'objective',
  'audience',
  'keyMessage',
  'desiredOutcomes',
  'channels',
  'ownerUserId',
  'tags',
] as const;

const CampaignFieldsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string(),
    startAt: z.nullable(z.string()),
    endAt: z.nullable(z.string()),
    budget: z.nullable(z.number()),
    summary: z.nullable(z.string()),
    objective: z.nullable(z.string()),
    audience: z.nullable(z.string()),
    keyMessage: z.nullable(z.string()),
    desiredOutcomes: z.nullable(z.string()),
    channels: z.array(z.string()),
    ownerUserId: z.nullable(z.string()),
    tags: z.array(z.string()),
  }),
);

export type CampaignFields = z.infer<typeof CampaignFieldsSchema>;

export type CampaignField = keyof CampaignFields;

export const CAMPAIGN_FIELDS: readonly CampaignField[] = ['name', 'startAt', 'endAt', 'budget', ...BRIEF_FIELDS];

/**
 * The campaign record as stored: what the repository returns, and what the OpenAPI document shows
 * with its derived `status` (shared/schemas/records/campaign.ts).
 */
export const CampaignSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    /** The tenant, under both of its names (docs/decisions.md: one id space). */
    organizationId: RecordId,
    workspaceId: RecordId,
    ...CampaignFieldsSchema.shape,
    activitiesCount: z.int(),
    costsCount: z.int(),
    /** The metrics of its activities (manual counts over fetched ones). */
    impressions: z.number(),
    engagement: z.number(),
    /** Recorded spend per currency, in major units. */
    spend: PerCurrency,
  }),
);
