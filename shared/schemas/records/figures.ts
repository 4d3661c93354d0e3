/**
 * Figure fields of the reporting records, each with the description the OpenAPI document shows
 * (zod's `describe`, which the JSON Schema conversion reads): what the figure counts, its units and
 * rounding. The wording figures share, and the fields of every metrics report and metric history
 * (Reporting's records and the Creators group's), are written once, here.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';

/** Units and rounding of every money figure (docs/decisions.md "Report shapes"). */
export const MONEY =
  'In major units of the report currency (12.5 is 12.50), rounded half away from zero to its minor unit (JPY: whole yen).';

/** How costs in another currency count: said wherever a figure sums spend (docs/decisions.md "Money and metrics"). */
export const SPEND_IN_CURRENCY =
  'Costs in other currencies count converted at a stated rate (named in `_meta.provenance.basis.conversions`); a currency with no rate is left out and named in `_meta.warnings`.';

/** What makes an activity count in coverage (docs/decisions.md "Metric snapshots and refresh"). */
export const WITH_METRICS = 'impressions or engagement from a platform reading or a manual count';

/** `schema` with its description. */
export const described = <S extends z.ZodMiniType>(schema: S, description: string): S =>
  schema.check(z.describe(description));

/** An amount of money: `what` it is, then its units and rounding. */
export const money = (what: string) => described(z.number(), `${what} ${MONEY}`);

/** An amount of money that may be absent (`null`: `when`). */
export const moneyOrNull = (what: string, when: string) =>
  described(z.nullable(z.number()), `${what} ${MONEY} Null ${when}.`);

/** A count or sum that is never absent. */
export const count = (what: string) => described(z.number(), what);

/** A whole number (a count of records). */
export const int = (what: string) => described(z.int(), what);

/** A number that is null without its denominator or evidence. */
export const numberOrNull = (what: string) => described(z.nullable(z.number()), what);

/** The day a cost counts on (docs/decisions.md "Money and metrics"). */
export const COST_DAY =
  "a cost counts on the day its activity ran (its `startAt` in the organization's timezone), or on the day the cost was created when the activity has no `startAt`";

/** How a daily increase is counted (docs/decisions.md "Metric snapshots and refresh", "Figures a reader can check"). */
const DAILY_INCREASE =
  "a reading counts its increase over the activity's previous reading on its own day (negative when a platform corrects a count downwards); an activity's first platform reading counts its whole total on the activity's publish date (`startAt`, when known and not in the future; else on the reading's day).";

/** The figures of every metrics report (organization, campaign, creator, activity), in the report currency. */
export const metricFields = /* @__PURE__ */ lazySchema(() => ({
  totalCosts: money(`Spend: the sum of the costs in the report currency in scope. ${SPEND_IN_CURRENCY}`),
  impressions: count(
    'The sum of the latest impressions of the activities in scope: views, where a platform reports views; a manual `viewsCount` overrides.',
  ),
  engagement: count(
    'The sum of the latest engagement of the activities in scope: likes + replies (comments) + shares + saves, where the platform reports them; manual `likeCount` and `replyCount` override likes and replies.',
  ),
  deliveryCoverage: numberOrNull(
    `Coverage: the share of the activities in scope with metrics (${WITH_METRICS}), 0 to 1; null with no activity.`,
  ),
  cpm: moneyOrNull(
    "Cost per thousand impressions: spend / impressions x 1000 over exactly the activities in scope that have both spend in the report currency and impressions; its basis is `_meta.provenance.basis.cpm` (in a comparison, the campaign's `basis.cpm`).",
    'when no activity has both',
  ),
  cpe: moneyOrNull(
    "Cost per engagement: spend / engagement over exactly the activities in scope that have both spend in the report currency and engagement; its basis is `_meta.provenance.basis.cpe` (in a comparison, the campaign's `basis.cpe`).",
    'when no activity has both',
  ),
  reach: numberOrNull(
    'Reach, reported only where a platform reports reach; null otherwise (no stored reading carries it yet).',
  ),
  conversions: numberOrNull(
    'The sum of the active outcome measurements of the campaigns in scope whose definition has valueKind `count` (the definitions: `_meta.provenance.conversionDefinitions`); null without such a measurement.',
  ),
  cpa: moneyOrNull(
    "Cost per conversion: spend / conversions. A campaign's CPA is its spend over its conversions; an organization's divides the spend of its campaigns with conversions by their conversions. Its basis is `_meta.provenance.basis.cpa` (in a comparison, the campaign's `basis.cpa`).",
    'without conversions',
  ),
}));

/** A metric history's row: a day's increases and the spend attributed to it. */
export const dayFields = /* @__PURE__ */ lazySchema(() => ({
  date: described(z.string(), "The day (YYYY-MM-DD) in the organization's timezone."),
  impressions: count(`The day's increase of the latest impressions of the activities in scope: ${DAILY_INCREASE}`),
  engagement: count(`The day's increase of the latest engagement of the activities in scope: ${DAILY_INCREASE}`),
  spend: money(`The spend attributed to the day: ${COST_DAY}. ${SPEND_IN_CURRENCY}`),
}));
