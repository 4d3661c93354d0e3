/**
 * Activities in campaigns. An activity belongs to one campaign at a time: the activity item names it
 * (`campaignId`, `campaignActivityId`) and a link item under the campaign (`keys.campaignActivity`,
 * with a pointer for its own id) lists it there.
 *
 * Linking, moving and unlinking are one transaction each that also moves the activity's recorded
 * spend and cost count between the campaigns' aggregates. The transaction is conditioned on the
 * activity's campaign, cost count and spend being what was read, so a cost written meanwhile (which
 * counts in the activity's campaign of that moment, see costs.ts) sends it round again instead of
 * being moved twice or not at all.
 *
 * The day rollups of the activity's costs' spend and of its impressions and engagement follow it
 * afterwards (`placeSpend`, activity-spend-days.ts, and `placeMetricDays`, metric-days.ts: one small
 * transaction per cost or day, so any number of them, each counted once throughout); a retried link
 * or unlink finishes a move left undone. So a campaign's history always sums to what its aggregate
 * counts.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { conflict, notFound } from '../../domain/errors.ts';
import { contribution, withdrawn, type ActivityStanding } from '../../domain/activity-metrics.ts';
import { conversionCountersOf } from '../../domain/conversion.ts';
import { aggregateUpdate, present, tenantAggregateUpdate } from '../table/aggregates.ts';
import { Activities, standingUnchanged, type StoredActivity } from '../catalogue/activity-entity.ts';
import { placeSpend } from '../catalogue/activity-spend-days.ts';
import { noteFreshness, placeMetricDays } from '../metrics/metric-days.ts';
import { liveCampaign } from './campaigns.ts';
import { standingOf } from '../catalogue/cost-rollups.ts';
import { conditionHeld, defineEntity, getRecord } from '../table/entity.ts';
import { absent, all, asRead, equals } from '../table/expressions.ts';
import { nonCampaignSpendCounts } from '../catalogue/cost-stats.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { queryItems } from '../table/query.ts';
import { locate, pointerDelete, pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';

export interface CampaignActivity {
  campaignActivityId: string;
  campaignId: string;
  activityId: string;
}

/**
 * The link item of an activity in a campaign. `id`: every item naming a record id has it, so
 * organization delete finds the pointer.
 */
const CampaignLinks = defineEntity({
  name: 'The campaign activity link',
  schema: () =>
    z.object({
      campaignActivityId: z.string(),
      campaignId: z.string(),
      activityId: z.string(),
      id: z.string(),
      createdAt: z.string(),
    }),
  key: keys.campaignActivity,
  queries: {
    /** The links of a campaign's activities, in activity-id order. */
    ofCampaign: collections.activitiesOfCampaign,
  },
});

/** What a link moves: the part of the activity item a campaign's aggregate counts, as read. */
interface ActivityState {
  campaignId: string | null;
  campaignActivityId: string | null;
  costsCount: number;
  spend: Record<string, number>;
  /** What the activity adds to a campaign's counters (activity-metrics.ts `contribution`). */
  standing: ActivityStanding;
  /** Its newest reading, if any (the campaign's freshness). */
  lastFetchedAt: string | undefined;
  /** The conversion counters of its costs (docs/money.md): a campaign's report names what it converted. */
  conversions: Record<string, number>;
  /** The item's attributes its standing is computed from, for the condition that they are unchanged. */
  read: Partial<StoredActivity>;
}

async function readActivity(tenantId: string, activityId: string): Promise<ActivityState | undefined> {
  // The whole item: its conversion counters have names no projection can list in advance.
  const read = await getRecord(Activities, Activities.key(tenantId, activityId), { consistent: true });
  if (!read) return undefined;
  return {
    campaignId: read.campaignId ?? null,
    campaignActivityId: read.campaignActivityId ?? null,
    costsCount: Number(read.costsCount ?? 0),
    spend: read.spend ?? {},
    standing: standingOf(read),
    lastFetchedAt: read.lastFetchedAt,
    conversions: conversionCountersOf(read),
    read,
  };
}

/**
 * After a link or unlink: the day rollups of its costs' spend and of its metrics follow the activity
 * (`timeZone`: the tenant's, which the request has read already; else read here).
 */
async function placeFigures(tenantId: string, activityId: string, timeZone: string | undefined): Promise<void> {
  await placeSpend(tenantId, activityId, timeZone);
  await placeMetricDays(tenantId, activityId);
}

/** The activity's Update: set (or clear) its campaign, if it is still exactly as read (its campaign, costs and standing). */
function activityUpdate(
  tenantId: string,
  activityId: string,
  read: ActivityState,
  next: CampaignActivity | null,
  changed: () => Error,
) {
  const changes = next
    ? { set: { campaignId: next.campaignId, campaignActivityId: next.campaignActivityId } }
    : { set: { campaignId: null }, remove: ['campaignActivityId' as const] };
  const condition = all(
    standingUnchanged(read.read),
    asRead('campaignId', read.campaignId),
    equals('costsCount', read.costsCount),
    equals('spend', read.spend),
  );
  return Activities.tx.update(Activities.key(tenantId, activityId), changes, { condition, failure: changed });
}

const negate = (spend: Record<string, number>) => Object.fromEntries(Object.entries(spend).map(([c, a]) => [c, -a]));

/** The campaign's aggregate Update for an activity joining (+1) or leaving (-1) it. */
function campaignMove(tenantId: string, campaignId: string, read: ActivityState, sign: 1 | -1, { open = false } = {}) {
  // The activity's whole contribution (metrics, coverage, CPM/CPE sums) moves with it.
  const counts = contribution(read.standing);
  return aggregateUpdate(
    keys.campaign(tenantId, campaignId),
    {
      counts: {
        activitiesCount: sign,
        costsCount: sign * read.costsCount,
        ...(sign === 1 ? counts : withdrawn(counts)),
        ...(sign === 1 ? read.conversions : negate(read.conversions)),
      },
      spends: sign === 1 ? read.spend : negate(read.spend),
    },
    // A campaign being deleted takes no new activities.
    open ? { condition: liveCampaign } : {},
  )!;
}

/** The tenant's spend outside campaigns (cost-stats.ts) for an activity entering (-1) or leaving (+1) campaigns altogether. */
const nonCampaignMove = (tenantId: string, read: ActivityState, sign: 1 | -1) =>
  tenantAggregateUpdate(tenantId, { counts: nonCampaignSpendCounts(read.spend, sign) });

/** The link item's Delete and its pointer's, for an activity leaving `campaignId`. */
function linkDeletes(tenantId: string, campaignId: string, activityId: string, campaignActivityId: string | null) {
  return [
    CampaignLinks.tx.delete(CampaignLinks.key(tenantId, campaignId, activityId), { condition: null }),
    ...(campaignActivityId ? [pointerDelete(campaignActivityId)] : []),
  ];
}

const ATTEMPTS = 6;
const busy = () => conflict('The activity kept changing while it was being linked; retry.');

/**
 * Links an activity to a campaign, moving it out of the campaign it was in (atomically). Linking it
 * to the campaign it is in already changes nothing and returns that link (`created: false`).
 * `timeZone`: the tenant's, when the caller has it (its spend days are placed in it).
 */
export async function linkActivity(
  tenantId: string,
  campaignId: string,
  activityId: string,
  timeZone?: string,
): Promise<{ link: CampaignActivity; created: boolean; previousCampaignId: string | null }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readActivity(tenantId, activityId);
    if (!read) throw notFound('The activity');
    if (read.campaignId === campaignId && read.campaignActivityId) {
      // A retry of a link whose spend or metric-day move was cut short finishes it.
      await placeFigures(tenantId, activityId, timeZone);
      return {
        link: { campaignActivityId: read.campaignActivityId, campaignId, activityId },
        created: false,
        previousCampaignId: campaignId,
      };
    }
    const link: CampaignActivity = { campaignActivityId: randomUUID(), campaignId, activityId };
    const linkKey = CampaignLinks.key(tenantId, campaignId, activityId);
    // The activity changed (a cost, another link) or went: read it again.
    const written = await conditionHeld((changed) =>
      transact(
        present([
          activityUpdate(tenantId, activityId, read, link, changed),
          { ...campaignMove(tenantId, campaignId, read, 1, { open: true }), failure: () => notFound('The campaign') },
          CampaignLinks.tx.put(
            linkKey,
            { ...link, id: link.campaignActivityId, createdAt: new Date().toISOString() },
            { condition: absent, failure: changed },
          ),
          pointerPut('campaignActivity', link.campaignActivityId, tenantId, linkKey),
          ...(read.campaignId
            ? [
                campaignMove(tenantId, read.campaignId, read, -1),
                ...linkDeletes(tenantId, read.campaignId, activityId, read.campaignActivityId),
              ]
            : [nonCampaignMove(tenantId, read, -1)]),
        ]),
      ),
    );
    if (!written) continue;
    await placeFigures(tenantId, activityId, timeZone);
    if (read.lastFetchedAt) await noteFreshness(keys.campaign(tenantId, campaignId), read.lastFetchedAt);
    return { link, created: true, previousCampaignId: read.campaignId };
  }
  throw busy();
}

/** Unlinks an activity from a campaign; 404 when it is not in that campaign. Returns the link removed. */
export async function unlinkActivity(
  tenantId: string,
  campaignId: string,
  activityId: string,
  timeZone?: string,
): Promise<CampaignActivity> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readActivity(tenantId, activityId);
    if (!read) throw notFound('The activity in this campaign');
    if (read.campaignId !== campaignId) {
      // A retry of an unlink whose spend or metric-day move was cut short finishes it before answering 404.
      await placeFigures(tenantId, activityId, timeZone);
      throw notFound('The activity in this campaign');
    }
    // The activity changed meanwhile: read it again.
    const written = await conditionHeld((changed) =>
      transact(
        present([
          activityUpdate(tenantId, activityId, read, null, changed),
          campaignMove(tenantId, campaignId, read, -1),
          ...linkDeletes(tenantId, campaignId, activityId, read.campaignActivityId),
          nonCampaignMove(tenantId, read, 1),
        ]),
      ),
    );
    if (!written) continue;
    await placeFigures(tenantId, activityId, timeZone);
    return { campaignActivityId: read.campaignActivityId ?? activityId, campaignId, activityId };
  }
  throw busy();
}

/** The link with this id (Form B's `campaignActivityId`), or undefined. */
export async function findLink(campaignActivityId: string): Promise<CampaignActivity | undefined> {
  const where = await locate('campaignActivity', campaignActivityId);
  if (!where) return undefined;
  const found = await getRecord(CampaignLinks, where.recordKey, { consistent: true });
  return found && { campaignActivityId, campaignId: found.campaignId, activityId: found.activityId };
}

/** The ids of the activities in a campaign. */
export async function activityIdsOfCampaign(tenantId: string, campaignId: string): Promise<string[]> {
  const items = await queryItems(CampaignLinks.query.ofCampaign(tenantId, campaignId), { attributes: ['activityId'] });
  return items.map((i) => i.activityId as string);
}

/** The writes that take a deleted activity out of its campaign (its costs are gone: the count and its metrics move). */
export function campaignLeaveOnDelete(
  tenantId: string,
  activityId: string,
  campaign: { campaignId: string; campaignActivityId: string | null },
  activity: {
    impressions: number;
    engagement: number;
    viewsCount?: number | null;
    likeCount?: number | null;
    replyCount?: number | null;
  },
) {
  const { campaignId, campaignActivityId } = campaign;
  // What is left of its contribution once its costs are gone: metrics and coverage (from its manual counts too).
  const left = withdrawn(contribution(standingOf({ ...activity, spend: {} })));
  return [
    aggregateUpdate(keys.campaign(tenantId, campaignId), { counts: { activitiesCount: -1, ...left } })!,
    ...linkDeletes(tenantId, campaignId, activityId, campaignActivityId),
  ];
}
