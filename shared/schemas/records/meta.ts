/**
 * `_meta`, on every response of a route that exists in Form A (docs/decisions.md "One service for both
 * forms", "Reporting evidence", "Figures a reader can check"): the request's id and time, and on
 * the reporting routes the evidence behind their figures. The envelope adds `requestId` and
 * `generatedAt`; the rest is what a handler's result carries, typed by this schema
 * (shared/http/result.ts `Meta`), so the document shows what handlers can return.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { count, described, int, money, WITH_METRICS } from './figures.ts';
import { named } from './reply.ts';

/** The numbers CPM, CPE and CPA divide, so that a reader can recompute them. */
export const BasisSchema = /* @__PURE__ */ lazySchema(() =>
  described(
    z.object({
      cpm: described(
        z.object({
          spend: money('Spend of these activities in the report currency.'),
          impressions: count('Their impressions.'),
          activities: int('How many activities: exactly those with both spend in the report currency and impressions.'),
        }),
        'CPM = spend / impressions x 1000.',
      ),
      cpe: described(
        z.object({
          spend: money('Spend of these activities in the report currency.'),
          engagement: count('Their engagement.'),
          activities: int('How many activities: exactly those with both spend in the report currency and engagement.'),
        }),
        'CPE = spend / engagement.',
      ),
      cpa: described(
        z.object({
          spend: money('Spend of these campaigns in the report currency.'),
          conversions: count('Their conversions.'),
          campaigns: int('How many campaigns: those with conversions.'),
        }),
        "CPA = spend / conversions. A campaign's CPA is its spend over its conversions; an organization's divides the spend of its campaigns with conversions by their conversions.",
      ),
      conversions: described(
        z.array(
          z.object({
            currency: z.string(),
            amount: money('The costs in that currency, in it.'),
            converted: money(
              'The same costs converted, each rounded to the minor unit of the report currency, then summed.',
            ),
            source: z.enum(['booked', 'ecb', 'mixed']),
            firstRateDate: z.string(),
            lastRateDate: z.string(),
          }),
        ),
        "What the figures' spend converted into the report currency, one entry per other currency: `booked` (the costs' own exchangeRate), `ecb` (the ECB's euro reference rates of the costs' days, crossed through EUR) or `mixed`, and the first and last rate day used.",
      ),
    }),
    "What the report's CPM, CPE and CPA divide, in the report currency: each ratio is its basis's spend over its denominator, so it can be recomputed from this response (a ratio whose denominator is 0 is null).",
  ),
);

export const Provenance = /* @__PURE__ */ lazySchema(() =>
  described(
    z.object({
      activitiesTotal: int("Activities in the report's scope."),
      activitiesWithMetrics: int(
        `Of them, those with metrics (${WITH_METRICS}): coverage is activitiesWithMetrics / activitiesTotal.`,
      ),
      sources: described(
        z.object({
          api: int('Activities with a platform reading.'),
          manual: int('Activities with a manual count (`viewsCount`, `likeCount` or `replyCount`).'),
        }),
        'Where the metrics come from: an activity with both a platform reading and a manual count is in both.',
      ),
      costsCount: int("Costs in the report's scope, in every currency."),
      conversionDefinitions: z.optional(
        described(
          z.array(z.object({ id: z.uuid(), name: z.string() })),
          'The outcome definitions (valueKind `count`) whose active measurements are summed as conversions; on the reports that have conversions.',
        ),
      ),
      basis: z.optional(BasisSchema),
      exchangeRates: z.optional(
        described(
          z.array(
            z.object({
              currency: z.string(),
              rate: described(
                z.number(),
                "Units of the report currency for one unit of `currency`: the ECB's quote of the report currency over its quote of `currency` (both per 1 EUR), unrounded.",
              ),
              rateDate: described(z.string(), 'The day of the ECB publication (YYYY-MM-DD).'),
              source: z.enum(['ecb']),
            }),
          ),
          "The agency view: the rate each other currency's rows were converted at, from the ECB's last publication.",
        ),
      ),
    }),
    "What the report's figures rest on.",
  ),
);

export const MetaRecord = named(
  'Meta',
  lazySchema(() =>
    described(
      z.object({
        requestId: described(z.string(), "The request's id; a problem document carries the same `requestId`."),
        generatedAt: described(z.iso.datetime(), 'When the response was made (ISO 8601, UTC).'),
        currency: z.optional(
          described(
            z.string(),
            "The report currency (ISO 4217), the organization's: every money figure of the response is in it.",
          ),
        ),
        freshness: z.optional(
          described(
            z.nullable(z.string()),
            '`fetchedAt` (ISO 8601) of the newest metric reading the report uses; null when it uses none.',
          ),
        ),
        provenance: z.optional(Provenance),
        warnings: z.optional(
          described(
            z.array(z.string()),
            'Data-quality problems, each in words with its counts: costs in a currency with no rate left out (the ECB publishes none and none was booked) or waiting to be converted again after a currency change; activities without metrics and why (a platform that publishes none, missing platform credentials, content not found, not read yet); readings older than 7 days; more than one outcome definition summed as conversions; totals before a first reading counted on the publish date; an analytics connection needing reconnection. Empty when there is none.',
          ),
        ),
        analytics: z.optional(
          described(
            z.object({
              status: described(z.string(), '`awaiting_property`, `connected`, `needs_reconnect` or `disconnected`.'),
              propertyId: z.nullable(z.string()),
              lastImportAt: described(z.nullable(z.string()), 'When the property was last imported (ISO 8601).'),
            }),
            'The web analytics connection the report reads (the analytics reports).',
          ),
        ),
      }),
      'On every response of a route that exists in Form A (each operation says whether it carries `_meta`); never on Form-B-only routes or problem documents. Reporting routes add the evidence of their figures: `currency`, `freshness`, `provenance` and `warnings`.',
    ),
  ),
);
