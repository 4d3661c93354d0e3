/** Records of the Campaigns group: the campaign as returned, its write receipt, links, stats and preview. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { CAMPAIGN_STATUSES } from '../../domain/campaign-status.ts';
import { CampaignSchema } from '../../records/campaign.ts';
import { Instant, PerCurrency } from './common.ts';
import { named } from './reply.ts';

export const CampaignStatus = /* @__PURE__ */ lazySchema(() => z.enum(CAMPAIGN_STATUSES));

/** A campaign: its brief, its tenant under both names, its stored aggregate and its derived status. */
export const CampaignRecord = named(
  'Campaign',
  /* @__PURE__ */ lazySchema(() => z.object({ ...CampaignSchema.shape, status: CampaignStatus })),
);

export const CampaignOperation = /* @__PURE__ */ lazySchema(() => z.enum(['create', 'update', 'delete', 'duplicate']));

/** The `mutation` member of a campaign write's answer: what changed, when. */
export const MutationReceipt = named(
  'CampaignMutation',
  lazySchema(() =>
    z.object({ operation: CampaignOperation, campaignId: z.uuid(), changedFields: z.array(z.string()), at: Instant }),
  ),
);

/** An activity linked to a campaign. */
export const CampaignActivityRecord = named(
  'CampaignActivity',
  /* @__PURE__ */ lazySchema(() =>
    z.object({ campaignActivityId: z.string(), campaignId: z.uuid(), activityId: z.uuid() }),
  ),
);

export const CampaignStatsRecord = named(
  'CampaignStats',
  lazySchema(() =>
    z.object({
      totalCount: z.int(),
      /** How many campaigns have each status. */
      byStatus: z.object({ active: z.int(), scheduled: z.int(), completed: z.int(), draft: z.int() }),
      currency: z.string(),
      budgetTotal: z.number(),
      spendTotal: z.number(),
      spendByCurrency: PerCurrency,
      activitiesCount: z.int(),
      costsCount: z.int(),
      overBudgetCount: z.int(),
    }),
  ),
);

/** What a campaign write would do, without doing it. */
export const CampaignPreviewRecord = named(
  'CampaignPreview',
  lazySchema(() =>
    z.object({
      operation: CampaignOperation,
      target: z.nullable(z.object({ id: z.uuid(), name: z.string(), status: CampaignStatus })),
      name: z.nullable(z.string()),
      desiredOutcomes: z.nullable(z.string()),
      budget: z.nullable(z.number()),
      changedFields: z.array(z.string()),
      status: CampaignStatus,
      warning: z.nullable(z.string()),
      warnings: z.array(z.string()),
    }),
  ),
);
