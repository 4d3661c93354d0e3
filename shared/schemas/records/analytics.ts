/** Records of web analytics (docs/decisions.md "Web analytics"): the connection routes' answers and the analytics reports. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { HdyhauMappingSchema } from '../../records/analytics.ts';
import { HDYHAU_CATEGORIES } from '../../domain/analytics.ts';
import { count, described, int, numberOrNull } from './figures.ts';
import { named } from './reply.ts';

/** Google Analytics 4's figures, as imported (GA4 metric names in backticks). */
const SESSIONS = 'Sessions (GA4 `sessions`)';
const KEY_EVENTS = 'Success events: key events (GA4 `keyEvents`)';
const DAILY_USERS =
  "Users, summed over the days (GA4 `totalUsers` counts a day's users: a range's sum is not a count of unique users)";
const Day = /* @__PURE__ */ lazySchema(() =>
  described(z.string(), "The day (YYYY-MM-DD), in the property's timezone."),
);

/** Where to send the owner to grant read access to Google Analytics. */
export const AnalyticsAuthUrl = named(
  'AnalyticsAuthUrl',
  /* @__PURE__ */ lazySchema(() => z.object({ url: z.url(), expiresAt: z.string() })),
);

/**
 * The organization's analytics connection (never its tokens). `importing`: a property is chosen and
 * its first import (90 days) has not landed yet; the reports answer `analytics_not_connected` until it has.
 */
export const AnalyticsConnection = named(
  'AnalyticsConnection',
  lazySchema(() =>
    z.object({
      organizationId: z.uuid(),
      status: z.enum(['awaiting_property', 'importing', 'connected', 'needs_reconnect', 'disconnected']),
      propertyId: z.nullable(z.string()),
      propertyName: z.nullable(z.string()),
      lastImportAt: z.nullable(z.string()),
    }),
  ),
);

/** A day of the property; a day without imported data is all zeros. */
export const AnalyticsDayRecord = named(
  'AnalyticsDay',
  lazySchema(() =>
    z.object({
      date: Day,
      sessions: count(`${SESSIONS} on the day.`),
      users: count('Users on the day (GA4 `totalUsers`).'),
      pageViews: count('Page and screen views on the day (GA4 `screenPageViews`).'),
      successEvents: count(`${KEY_EVENTS} on the day.`),
    }),
  ),
);

export const HdyhauMappingRecord = named('HdyhauMapping', HdyhauMappingSchema);

export const HdyhauEvidenceRecord = named(
  'HdyhauEvidence',
  lazySchema(() =>
    z.object({
      dimensionApiName: z.string(),
      responses: z.array(
        z.object({
          rawValue: z.string(),
          successEvents: count(`${KEY_EVENTS} of the range that carried this answer.`),
          sessions: count(`${SESSIONS} of the range that carried this answer.`),
          normalizedValue: z.nullable(z.string()),
          category: z.nullable(z.enum(HDYHAU_CATEGORIES)),
        }),
      ),
      categories: z.array(
        z.object({
          category: z.string(),
          successEvents: count(
            `${KEY_EVENTS} of the range whose answer is mapped to this category (\`unmapped\`: answers without a mapping).`,
          ),
        }),
      ),
      totals: z.object({
        successEvents: count(`${KEY_EVENTS} of the range, answered or not.`),
        answeredSuccessEvents: count('Of them, those that carried an answer.'),
        creatorSuccessEvents: count('Of those, the ones whose answer is mapped to the `creator` category.'),
      }),
      coverage: numberOrNull(
        'answeredSuccessEvents / successEvents, 0 to 1, rounded to 4 decimals; null without success events.',
      ),
      creatorRelevance: numberOrNull(
        'creatorSuccessEvents / answeredSuccessEvents, 0 to 1, rounded to 4 decimals; null without answers.',
      ),
      dataQualityFlags: described(
        z.array(z.string()),
        '`no_answers`; `unmapped_answers` (an answer without a mapping); `low_coverage` (under 20% of the success events answered); `answers_exceed_success_events`.',
      ),
      timeline: z.array(
        z.object({
          date: Day,
          successEvents: count(`${KEY_EVENTS} on the day.`),
          answeredSuccessEvents: count('Of them, those that carried an answer.'),
          creatorSuccessEvents: count('Of those, the ones whose answer is mapped to `creator`.'),
        }),
      ),
    }),
  ),
);

export const SignalAssociationSchema = /* @__PURE__ */ lazySchema(() =>
  z.nullable(
    z.union([
      z.object({ type: z.enum(['creator', 'campaign', 'activity']), id: z.uuid() }),
      z.object({ type: z.literal('referral_channel'), channel: z.enum(HDYHAU_CATEGORIES) }),
    ]),
  ),
);

export const DirectSignalRecord = named(
  'DirectSignal',
  lazySchema(() =>
    z.object({
      signalId: z.uuid(),
      kind: z.enum(['promo_code', 'tagged_link']),
      dimensionApiName: z.string(),
      value: z.string(),
      association: SignalAssociationSchema,
      ignored: z.boolean(),
    }),
  ),
);

export const DirectSignalsRecord = named(
  'DirectSignals',
  lazySchema(() =>
    z.object({
      signals: z.array(
        z.object({
          ...DirectSignalRecord.def.shape,
          sessions: count(`${SESSIONS} of the range that carried the signal.`),
          dailyUsers: count(`${DAILY_USERS} of the range that carried the signal.`),
          successEvents: count(`${KEY_EVENTS} of the range that carried the signal.`),
          daysSeen: int('Days of the range on which the signal was seen.'),
        }),
      ),
      headline: z.object({
        signals: int('Signals seen in the range, ignored ones left out (as from every headline count).'),
        mapped: int('Of them, those mapped to a creator, campaign, activity or referral channel.'),
        unmapped: int('Of them, those not mapped.'),
        ignored: int('Ignored signals seen in the range.'),
        sessions: count(`${SESSIONS} of the range that carried a signal counted here.`),
        successEvents: count(`${KEY_EVENTS} of the range that carried a signal counted here.`),
      }),
      referralChannels: z.array(
        z.object({
          channel: z.string(),
          signals: int('Signals (not ignored) mapped to this referral channel.'),
          sessions: count(`${SESSIONS} of the range that carried them.`),
          dailyUsers: count(`${DAILY_USERS} of the range that carried them.`),
          successEvents: count(`${KEY_EVENTS} of the range that carried them.`),
        }),
      ),
      timeline: z.array(
        z.object({
          date: Day,
          sessions: count(`${SESSIONS} on the day that carried a signal that is not ignored.`),
          dailyUsers: count('Users on the day that carried such a signal (GA4 `totalUsers`).'),
          successEvents: count(`${KEY_EVENTS} on the day that carried such a signal.`),
        }),
      ),
    }),
  ),
);
