/**
 * Random tenants for the reporting oracle's property test: a fast-check arbitrary of a tenant's
 * history (campaigns with and without budget and dates, creators, activities with and without
 * startAt, campaign and creator links made before or after their readings, costs in the tenant's
 * currency and another, readings before and after publish, manual counts, outcome definitions and
 * measurements), and `buildTenants`, which writes a batch of them as the service would (through
 * the handlers, readings through the snapshot writer the refresh uses), each step with the clock at
 * its time, the tenants of a batch at once (they share one timeline), and answers the oracle's
 * model of each.
 */
import fc from 'fast-check';
import { vi } from 'vitest';
import { recordReadings, type ActivityReading } from '../../../shared/db/metrics/snapshots.ts';
import type { ContentReading } from '../../../shared/domain/metric-readings.ts';
import { tokenFor } from '../../support/auth.ts';
import { youtubeReading } from '../../support/readings.ts';
import { expectCall } from '../../support/requests.ts';
import {
  minorUnitDigits,
  type OracleActivity,
  type OracleCost,
  type OracleManualCounts,
  type OracleReading,
  type OracleTenant,
} from '../../support/reporting-oracle.ts';
import type { TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;
/**
 * Costs in another currency: one of the tenants' currencies (the ECB quotes them, so they are
 * converted at its rates, which the oracle computes from the ECB's file), or one it publishes no rate
 * for (ARS, CLP: it stays out of every figure and is named in warnings).
 */
export const OTHER_CURRENCIES = [...CURRENCIES, 'ARS', 'CLP'] as const;
export const TIME_ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Europe/London',
  'Asia/Tokyo',
  'Pacific/Auckland',
] as const;
const CHANNELS = {
  youtube: 'youtube_video',
  reddit: 'reddit_post',
  twitter: 'twitter_post',
  tiktok: 'tiktok_video',
} as const;
type Channel = keyof typeof CHANNELS;

const countsArb = fc.record({
  views: fc.nat(200_000),
  likes: fc.nat(5_000),
  comments: fc.nat(500),
  other: fc.nat(300),
});
const manualValue = fc.option(fc.oneof(fc.nat(100_000), fc.constant(null)), { nil: undefined });
const manualArb = fc
  .record({ viewsCount: manualValue, likeCount: manualValue, replyCount: manualValue })
  .filter((m) => m.viewsCount !== undefined || m.likeCount !== undefined || m.replyCount !== undefined);

/**
 * An activity's startAt: minutes from now (25 days back to 3 days ahead), or minutes before
 * ARCHIVE_END (100 days back: inside the stand-in's ECB file, whose publications run from
 * 2016-12-05 to 2017-03-03, and a little before it, where no rate exists), or none.
 */
const ARCHIVE_END = Date.parse('2017-03-05T00:00:00.000Z');
const startArb = fc.option(
  fc.oneof(
    fc.record({
      from: fc.constant<'now' | 'archive'>('now'),
      minutes: fc.integer({ min: -25 * 24 * 60, max: 3 * 24 * 60 }),
    }),
    fc.record({
      from: fc.constant<'now' | 'archive'>('archive'),
      minutes: fc.integer({ min: -100 * 24 * 60, max: 0 }),
    }),
  ),
  { nil: null },
);

const activityArb = fc.record({
  channel: fc.constantFrom<Channel>('youtube', 'reddit', 'twitter', 'tiktok'),
  /** Its startAt (startArb), or none: the day its costs count on, and so their rates. */
  start: startArb,
  /** A startAt it is moved to after its costs (null: cleared), which converts them again; undefined: not moved. */
  moveStart: fc.option(startArb, { nil: undefined }),
  campaign: fc.option(fc.nat(), { nil: null }),
  creators: fc.uniqueArray(fc.nat(2), { maxLength: 2 }),
  /** Linked to its campaign and creators after its readings were recorded (its first creator always at creation). */
  linkLate: fc.boolean(),
  /** Readings 20 days to an hour before now: minutes back and the lifetime counts read. */
  readings: fc.uniqueArray(fc.record({ minutesBack: fc.integer({ min: 60, max: 20 * 24 * 60 }), counts: countsArb }), {
    maxLength: 2,
    selector: (r) => r.minutesBack,
  }),
  manualCounts: fc.array(manualArb, { maxLength: 2 }),
  /** A reading a minute before now, after the manual counts. */
  lateReading: fc.option(countsArb, { nil: null }),
});

const costArb = fc.record({
  activity: fc.nat(),
  /** In minor units. */
  amount: fc.integer({ min: 1, max: 500_000 }),
  otherCurrency: fc.boolean(),
  /** A booked rate (exchangeRate) for a cost in another currency than the tenant's, or none (the ECB's applies). */
  exchangeRate: fc.option(
    fc.integer({ min: 1, max: 2_000_000 }).map((n) => n / 10_000),
    { nil: null },
  ),
  /** `default`: no creatorId sent (the activity's single linked creator, if it has exactly one); null: none; a creator. */
  creator: fc.oneof(fc.constant<'default'>('default'), fc.constant(null), fc.nat(2)),
  /** Days before now it was created (at the batch's `costMinutes` before that day's "now"). */
  daysBack: fc.nat(5),
});

const campaignArb = fc.record({
  budget: fc.option(fc.nat(1_000_000), { nil: null }),
  /** Days from now of its start and end (draft without a start). */
  startDays: fc.option(fc.integer({ min: -40, max: 10 }), { nil: null }),
  lengthDays: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
});

export const tenantArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  otherCurrency: fc.constantFrom(...OTHER_CURRENCIES),
  /** The currency the tenant changes to after its costs (every cost is converted again into it; a booked rate no longer applies), or none. */
  newCurrency: fc.option(fc.constantFrom(...CURRENCIES), { nil: null, freq: 3 }),
  timeZone: fc.constantFrom(...TIME_ZONES),
  campaigns: fc.array(campaignArb, { maxLength: 3 }),
  creators: fc.nat(3),
  activities: fc.array(activityArb, { minLength: 1, maxLength: 6 }),
  costs: fc.array(costArb, { maxLength: 6 }),
  definitions: fc.array(fc.constantFrom('count', 'count', 'currency', 'percentage'), { maxLength: 3 }),
  measurements: fc.array(
    fc.record({
      campaign: fc.nat(),
      definition: fc.nat(),
      value: fc.nat(500),
      fate: fc.oneof(
        fc.constant<'active' | 'deleted'>('active'),
        fc.constant<'active' | 'deleted'>('deleted'),
        fc.nat(500),
      ),
    }),
    { maxLength: 4 },
  ),
  daysBack: fc.constantFrom(7, 30, 45),
  /** The spend history's range: days back of its start, days ahead of its end. */
  spendRange: fc.record({ startBack: fc.nat(30), endAhead: fc.nat(5) }),
});

export type TenantSpec = typeof tenantArb extends fc.Arbitrary<infer T> ? T : never;

/** `size` tenants written at once on one timeline: its "now" and the minute of the day its costs are created. */
export const batchArb = (size: number) =>
  fc.record({
    /** Minutes before the run's anchor that "now" is (any time of day, in any timezone). */
    nowMinutesBack: fc.integer({ min: 0, max: 2 * 24 * 60 }),
    /** Minutes before now, on each day back, that the costs of that day are created. */
    costMinutes: fc.integer({ min: 61, max: 24 * 60 - 1 }),
    tenants: fc.array(tenantArb, { minLength: size, maxLength: size }),
  });

export type BatchSpec = typeof batchArb extends (size: number) => fc.Arbitrary<infer T> ? T : never;

/** A reading as the platform adapter of the activity's channel hands it to the snapshot writer. */
function contentReading(
  channel: Channel,
  fetchedAt: string,
  c: { views: number; likes: number; comments: number; other: number },
): { reading: ContentReading; model: OracleReading } {
  const base = youtubeReading(fetchedAt, { views: c.views, likes: c.likes, comments: c.comments });
  if (channel === 'youtube')
    return { reading: base, model: { fetchedAt, views: c.views, likes: c.likes, comments: c.comments, other: 0 } };
  if (channel === 'reddit') {
    const fields = { ups: c.likes, num_comments: c.comments };
    return {
      reading: { ...base, fields, impressions: null, engagement: c.likes + c.comments },
      model: { fetchedAt, views: null, likes: c.likes, comments: c.comments, other: 0 },
    };
  }
  const fields = { impression_count: c.views, like_count: c.likes, reply_count: c.comments, retweet_count: c.other };
  return {
    reading: {
      ...base,
      fields,
      impressions: c.views,
      engagement: c.likes + c.comments + c.other,
      source: { kind: 'api', adapter: 'x-api', apiVersion: 'v2' },
    },
    model: { fetchedAt, views: c.views, likes: c.likes, comments: c.comments, other: c.other },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The startAt a start spec names at the batch's `now`. */
const startAt = (start: TenantSpec['activities'][number]['start'], now: number) =>
  start === null ? null : iso((start.from === 'now' ? now : ARCHIVE_END) + start.minutes * MINUTE);

/** An amount of minor units in a currency's major units (JPY and CLP have none). */
const major = (minor: number, currency: string) => minor / 10 ** minorUnitDigits(currency);

/** One tenant being written: each step its part of a phase of the batch. */
class TenantBuilder {
  orgId = '';
  readonly model: OracleTenant;
  private readonly links: { activity: OracleActivity; campaignId: string | null; creatorIds: string[] }[] = [];

  constructor(
    private readonly spec: TenantSpec,
    private readonly now: number,
  ) {
    this.model = {
      currency: spec.currency,
      timeZone: spec.timeZone,
      now: iso(now),
      campaigns: [],
      creatorIds: [],
      activities: [],
      costs: [],
      definitions: [],
      measurements: [],
    };
  }

  /** The organization, its campaigns (with and without budget and dates), creators and outcome definitions. */
  async setup(user: TestUser) {
    const { spec, model, now } = this;
    const orgId = await newOrganization(user, { name: 'Oracle', currency: spec.currency, ianaTimezone: spec.timeZone });
    this.orgId = orgId;
    await Promise.all([
      ...spec.campaigns.map(async (c, i) => {
        const startAt = c.startDays === null ? null : iso(now + c.startDays * DAY);
        const endAt =
          c.startDays === null || c.lengthDays === null ? null : iso(now + (c.startDays + c.lengthDays) * DAY);
        const budget = c.budget === null ? null : major(c.budget, spec.currency);
        const body = {
          organizationId: orgId,
          name: `Campaign ${i}`,
          ...(budget !== null ? { budget } : {}),
          ...(startAt ? { startAt } : {}),
          ...(endAt ? { endAt } : {}),
        };
        const { data } = await expectCall(user.token, 'POST', '/v1/campaigns', body, 201);
        model.campaigns[i] = { id: data.id, name: data.name, budget, startAt, endAt };
      }),
      ...Array.from({ length: spec.creators }, async (_, i) => {
        model.creatorIds[i] = (
          await expectCall(user.token, 'POST', '/v1/creators', { workspaceId: orgId, name: `Creator ${i}` }, 201)
        ).data.id;
      }),
      ...spec.definitions.map(async (valueKind, i) => {
        const { data } = await expectCall(
          user.token,
          'POST',
          '/v1/outcomes/definitions',
          { organizationId: orgId, name: `Outcome ${i}`, valueKind },
          201,
        );
        model.definitions[i] = { id: data.id, name: data.name, valueKind };
      }),
    ]);
  }

  /** Activities, each with its first creator; outcome measurements (active, deleted, or superseded by a new value). */
  async activities(user: TestUser) {
    const { spec, model, now, orgId } = this;
    await Promise.all([
      ...spec.activities.map(async (a, i) => {
        const campaignId =
          a.campaign === null || !model.campaigns.length
            ? null
            : model.campaigns[a.campaign % model.campaigns.length]!.id;
        const creatorIds = [
          ...new Set(a.creators.filter((c) => c < model.creatorIds.length).map((c) => model.creatorIds[c]!)),
        ];
        const start = startAt(a.start, now);
        const body = {
          organizationId: orgId,
          channel: a.channel,
          activity: CHANNELS[a.channel],
          name: `Activity ${i}`,
          ...(start ? { startAt: start } : {}),
          ...(creatorIds[0] ? { creatorId: creatorIds[0] } : {}),
        };
        const { data } = await expectCall(user.token, 'POST', '/v1/activities', body, 201);
        const activity: OracleActivity = {
          id: data.id,
          startAt: start,
          campaignId: null,
          creatorIds: creatorIds.slice(0, 1),
          readings: [],
          manualCounts: [],
        };
        model.activities[i] = activity;
        this.links[i] = { activity, campaignId, creatorIds: creatorIds.slice(1) };
      }),
      ...(model.campaigns.length && model.definitions.length ? spec.measurements : []).map(async (m) => {
        const campaignId = model.campaigns[m.campaign % model.campaigns.length]!.id;
        const definitionId = model.definitions[m.definition % model.definitions.length]!.id;
        const body = {
          organizationId: orgId,
          campaignId,
          outcomeDefinitionId: definitionId,
          value: m.value,
          sourceMethod: 'manual',
        };
        const { data } = await expectCall(user.token, 'POST', '/v1/outcomes/measurements', body, 201);
        if (m.fate === 'deleted') await expectCall(user.token, 'DELETE', `/v1/outcomes/measurements/${data.id}`);
        else if (m.fate !== 'active')
          await expectCall(user.token, 'PATCH', `/v1/outcomes/measurements/${data.id}`, { value: m.fate });
        model.measurements.push({
          campaignId,
          definitionId,
          value: typeof m.fate === 'number' ? m.fate : m.value,
          active: m.fate !== 'deleted',
        });
      }),
    ]);
  }

  /** Links each activity to its campaign and further creators: those linked late after their readings, the others before. */
  async link(user: TestUser, late: boolean) {
    await Promise.all(
      this.links.map(async (l, i) => {
        if (this.spec.activities[i]!.linkLate !== late) return;
        if (l.campaignId)
          await expectCall(user.token, 'POST', `/v1/campaigns/${l.campaignId}/activities`, {
            activityId: l.activity.id,
          });
        for (const creatorId of l.creatorIds)
          await expectCall(user.token, 'POST', `/v1/activities/${l.activity.id}/creators`, { creatorId });
        l.activity.campaignId = l.campaignId;
        l.activity.creatorIds.push(...l.creatorIds);
      }),
    );
  }

  /**
   * The costs created `days` back (one activity's in turn), attributed as the request says or,
   * without creatorId, to the activity's single linked creator; `createdAt` is the clock's.
   */
  async costs(user: TestUser, days: number) {
    const { spec, model } = this;
    const createdAt = new Date().toISOString();
    await Promise.all(
      model.activities.map(async (activity, i) => {
        for (const c of spec.costs.filter((c) => c.daysBack === days && c.activity % model.activities.length === i)) {
          const currency = c.otherCurrency ? spec.otherCurrency : spec.currency;
          const amount = major(c.amount, currency);
          const exchangeRate = currency !== spec.currency ? c.exchangeRate : null;
          const explicit =
            c.creator === 'default' || (typeof c.creator === 'number' && c.creator >= model.creatorIds.length)
              ? undefined
              : c.creator === null
                ? null
                : model.creatorIds[c.creator]!;
          const creatorId =
            explicit !== undefined ? explicit : activity.creatorIds.length === 1 ? activity.creatorIds[0]! : null;
          const cost = await newCost(user, {
            activityId: activity.id,
            amount,
            currency,
            ...(exchangeRate !== null ? { exchangeRate } : {}),
            ...(explicit !== undefined ? { creatorId: explicit } : {}),
          });
          if (cost.creatorId !== creatorId)
            throw new Error(`The cost was attributed to ${cost.creatorId}, the request implies ${creatorId}`);
          model.costs.push({
            activityId: activity.id,
            creatorId,
            amount,
            currency,
            exchangeRate,
            exchangeRateCurrency: exchangeRate === null ? null : model.currency,
            createdAt,
          } satisfies OracleCost);
        }
      }),
    );
  }

  /** The tenant's currency changed after its costs: the PATCH converts every cost again into the new one. */
  async changeCurrency(user: TestUser) {
    const { newCurrency } = this.spec;
    if (newCurrency === null) return;
    await expectCall(user.token, 'PATCH', `/v1/organizations/${this.orgId}`, { currency: newCurrency }, 200);
    this.model.currency = newCurrency;
  }

  /** Activities moved to another startAt after their costs (their costs' days, and so their rates, move). */
  async moveStarts(user: TestUser) {
    await Promise.all(
      this.spec.activities.map(async (a, i) => {
        if (a.moveStart === undefined) return;
        const activity = this.model.activities[i]!;
        const start = startAt(a.moveStart, this.now);
        await expectCall(
          user.token,
          'PATCH',
          `/v1/activities/${activity.id}`,
          { name: `Activity ${i}`, startAt: start },
          200,
        );
        activity.startAt = start;
      }),
    );
  }

  /** The readings of the past 20 days (none on TikTok), recorded as one late refresh batch. */
  async readings() {
    const batch: ActivityReading[] = [];
    for (const [i, a] of this.spec.activities.entries()) {
      if (a.channel === 'tiktok') continue;
      for (const r of a.readings) {
        const { reading, model } = contentReading(a.channel, iso(this.now - r.minutesBack * MINUTE), r.counts);
        batch.push({ activityId: this.model.activities[i]!.id, reading });
        this.model.activities[i]!.readings.push(model);
      }
    }
    await recordReadings(this.orgId, batch);
  }

  /** Each activity's `j`th manual counts, entered at the clock's time. */
  async manualCounts(user: TestUser, j: number) {
    const at = new Date().toISOString();
    await Promise.all(
      this.spec.activities.map(async (a, i) => {
        const counts = a.manualCounts[j];
        if (!counts) return;
        const fields = Object.fromEntries(Object.entries(counts).filter(([, v]) => v !== undefined));
        await expectCall(
          user.token,
          'PATCH',
          `/v1/activities/${this.model.activities[i]!.id}`,
          { name: `Activity ${i}`, ...fields },
          200,
        );
        this.model.activities[i]!.manualCounts.push({ at, ...fields } as OracleManualCounts);
      }),
    );
  }

  /** A reading fetched and recorded at the clock's time, after the manual counts. */
  async lateReadings() {
    const fetchedAt = new Date().toISOString();
    const late = this.spec.activities.flatMap((a, i) =>
      a.lateReading && a.channel !== 'tiktok' ? [{ i, ...contentReading(a.channel, fetchedAt, a.lateReading) }] : [],
    );
    if (!late.length) return;
    await recordReadings(
      this.orgId,
      late.map(({ i, reading }) => ({ activityId: this.model.activities[i]!.id, reading })),
    );
    for (const { i, model } of late) this.model.activities[i]!.readings.push(model);
  }
}

/** A tenant written: its id, the oracle's model of it, and a token of the owner valid at its "now". */
export interface BuiltTenant {
  orgId: string;
  model: OracleTenant;
  token: string;
}

/**
 * Writes a batch's tenants, the tenants of each step at once, with Date faked and the clock at the
 * step's time (the caller restores real timers); leaves the clock at the batch's "now".
 */
export async function buildTenants(owner: TestUser, batch: BatchSpec, anchor: number): Promise<BuiltTenant[]> {
  const now = anchor - batch.nowMinutesBack * MINUTE;
  const builders = batch.tenants.map((spec) => new TenantBuilder(spec, now));
  const setupAt = now - 30 * DAY;
  const steps: [number, (b: TenantBuilder, user: TestUser) => Promise<void>][] = [
    [setupAt, (b, user) => b.setup(user)],
    [setupAt, (b, user) => b.activities(user)],
    [setupAt, (b, user) => b.link(user, false)],
    ...[5, 4, 3, 2, 1, 0].map((days): [number, (b: TenantBuilder, user: TestUser) => Promise<void>] => [
      now - days * DAY - batch.costMinutes * MINUTE,
      (b, user) => b.costs(user, days),
    ]),
    [now - 58 * MINUTE, (b, user) => b.changeCurrency(user)],
    [now - 55 * MINUTE, (b, user) => b.moveStarts(user)],
    [now - 50 * MINUTE, (b) => b.readings()],
    [now - 40 * MINUTE, (b, user) => b.link(user, true)],
    [now - 3 * MINUTE, (b, user) => b.manualCounts(user, 0)],
    [now - 2 * MINUTE, (b, user) => b.manualCounts(user, 1)],
    [now - MINUTE, (b) => b.lateReadings()],
  ];
  vi.useFakeTimers({ toFake: ['Date'] });
  for (const [at, step] of steps) {
    vi.setSystemTime(at);
    const user = { ...owner, token: tokenFor(owner.userId, { email: owner.email }) };
    // Every tenant's step ends before the clock moves on, a failed one included.
    const settled = await Promise.allSettled(builders.map((b) => step(b, user)));
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
  vi.setSystemTime(now);
  const token = tokenFor(owner.userId, { email: owner.email });
  return builders.map((b) => ({ orgId: b.orgId, model: b.model, token }));
}
