/**
 * Web analytics (docs/decisions.md "Web analytics"): the rules of the connection and of the three
 * analytics reports, on figures already read. Pure: no I/O, no provider calls. The reports state
 * what the property recorded and how the organization classified it; they assign no attribution.
 */
import { createHash } from 'node:crypto';

/** The interface's HDYHAU_CATEGORY: how-did-you-hear-about-us answers and referral-channel buckets. */
export const HDYHAU_CATEGORIES = [
  'creator',
  'organic_social',
  'broadcast',
  'out_of_home',
  'print',
  'podcast',
  'search',
  'referral',
  'paid',
  'events',
  'other',
  'unknown',
] as const;
export type HdyhauCategory = (typeof HDYHAU_CATEGORIES)[number];

/** The how-did-you-hear-about-us dimension when the organization names none (a custom event parameter). */
export const DEFAULT_HDYHAU_DIMENSION = 'customEvent:how_did_you_hear';

/** How many days back the first import reads, and each scheduled run (GA4 revises recent days). */
export const BACKFILL_DAYS = 90;
export const REFRESH_DAYS = 3;

export type SignalKind = 'promo_code' | 'tagged_link';

/**
 * The GA4 dimensions a direct signal is discovered in (Data API schema names): the order's coupon
 * is a promo code; a tagged link's UTM campaign (`utm_campaign`) and term (`utm_term`) name it.
 */
export const SIGNAL_DIMENSIONS: readonly { dimension: string; kind: SignalKind }[] = [
  { dimension: 'orderCoupon', kind: 'promo_code' },
  { dimension: 'sessionCampaignName', kind: 'tagged_link' },
  { dimension: 'sessionManualTerm', kind: 'tagged_link' },
];

/** GA4's placeholders for a dimension with no value: not an answer, not a signal. */
const NO_VALUE = new Set(['', '(not set)', '(none)', '(direct)', '(other)', '(data not available)']);
export const hasValue = (raw: string) => !NO_VALUE.has(raw.trim());

/** The longest raw answer or signal value kept (a mapping's `rawValue` has the same limit). */
export const RAW_VALUE_MAX = 500;

/**
 * A raw value as GA4 reports it, in the form a mapping can name: one line (control and
 * bidirectional-override characters become spaces), trimmed, NFC, at most 500 characters — what
 * the mapping route's `rawValue` input accepts, so every answer shown can be mapped.
 */
export function normalizeRawValue(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]+/gu, ' ')
    .trim()
    .normalize('NFC')
    .slice(0, RAW_VALUE_MAX)
    .trim();
}

export const REDIRECT_PATH_MAX = 500;

/**
 * Where the browser may be sent after the OAuth callback: a path of our web client only — one
 * leading `/`, no scheme, host, backslash or `//` (which a browser reads as another host), no
 * control characters. Anything else would make the callback an open redirect.
 */
export function isWebClientPath(path: string): boolean {
  if (path.length < 1 || path.length > REDIRECT_PATH_MAX) return false;
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for, to refuse a path holding one
  if (path.includes('\\') || path.includes('//') || /[\u0000-\u001f\u007f\s]/.test(path)) return false;
  // A percent-encoded slash or backslash decodes into the same tricks on some clients.
  if (/%(2f|5c)/i.test(path)) return false;
  try {
    // Resolved against a placeholder origin, a path stays on it; a scheme or host would not.
    return new URL(path, 'https://web.invalid').origin === 'https://web.invalid';
  } catch {
    return false;
  }
}

/**
 * A signal's id: a UUID derived from the organization, the dimension and the value, so that each
 * import finds the same signal without a lookup and no two organizations share one.
 */
export function signalIdOf(tenantId: string, dimension: string, value: string): string {
  const hex = createHash('sha256').update(`${tenantId}\u0000${dimension}\u0000${value}`).digest('hex');
  // Shaped as a version 5 (name-based) UUID with the RFC 4122 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One day of the property: the history row's figures; `successEvents` are GA4 key events. */
export interface AnalyticsDay {
  date: string;
  sessions: number;
  users: number;
  pageViews: number;
  successEvents: number;
}

/** History rows for every date of the range, zero-filled where nothing was imported. */
export function historyRows(dates: readonly string[], days: readonly AnalyticsDay[]): AnalyticsDay[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return dates.map((date) => {
    const d = byDate.get(date);
    return {
      date,
      sessions: d?.sessions ?? 0,
      users: d?.users ?? 0,
      pageViews: d?.pageViews ?? 0,
      successEvents: d?.successEvents ?? 0,
    };
  });
}

/** One raw how-did-you-hear answer on one day: the key events and sessions that carried it. */
export interface HdyhauAnswerDay {
  date: string;
  dimension: string;
  rawValue: string;
  successEvents: number;
  sessions: number;
}

export interface HdyhauMapping {
  dimensionApiName: string;
  rawValue: string;
  normalizedValue: string;
  category: HdyhauCategory;
}

/** A mapping's identity: one per organization, dimension and raw value (raw values compared as stored). */
export const mappingKey = (dimension: string, rawValue: string) => `${dimension}\u0000${rawValue}`;

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

const total = <T>(rows: readonly T[], figure: (row: T) => number) => rows.reduce((sum, row) => sum + figure(row), 0);

/** The longest list of days a warning names one by one. */
const DAYS_NAMED = 10;

/**
 * The how-did-you-hear evidence of a range: each raw answer with its mapping, totals per category,
 * coverage (share of key events that carried an answer), creator-marketing relevance (share of
 * answered key events mapped to `creator`), data-quality flags and a zero-filled daily timeline,
 * with `warnings` for the report's `_meta`.
 *
 * A day's answered key events are part of that day's key events, but they come from another GA4
 * report (the dimension's) than the day's total, and the two can disagree (thresholds, a revision
 * between the reads). A day whose answers exceed its key events is not counted as answered at all,
 * and is named: a timeline never shows a part above its whole (docs/decisions.md "Figures a reader can
 * check"). The responses, categories and totals are built from the same counted days, so the
 * totals are the sums of the timeline's rows and of the responses.
 */
export function hdyhauEvidence(input: {
  dates: readonly string[];
  dimension: string;
  days: readonly AnalyticsDay[];
  answers: readonly HdyhauAnswerDay[];
  mappings: readonly HdyhauMapping[];
}) {
  const mapped = new Map(input.mappings.map((m) => [mappingKey(m.dimensionApiName, m.rawValue), m]));
  const mappingOf = (rawValue: string) => mapped.get(mappingKey(input.dimension, rawValue));
  const successByDate = new Map(input.days.map((d) => [d.date, d.successEvents]));
  const answersByDate = new Map<string, HdyhauAnswerDay[]>();
  for (const a of input.answers) {
    if (a.dimension !== input.dimension) continue;
    const day = answersByDate.get(a.date) ?? [];
    day.push(a);
    answersByDate.set(a.date, day);
  }

  const counted: HdyhauAnswerDay[] = [];
  const exceeding: { date: string; answered: number; successEvents: number }[] = [];
  const timeline = input.dates.map((date) => {
    const successEvents = successByDate.get(date) ?? 0;
    let answers = answersByDate.get(date) ?? [];
    const answered = total(answers, (a) => a.successEvents);
    if (answered > successEvents) {
      exceeding.push({ date, answered, successEvents });
      answers = [];
    }
    counted.push(...answers);
    return {
      date,
      successEvents,
      answeredSuccessEvents: total(answers, (a) => a.successEvents),
      creatorSuccessEvents: total(answers, (a) =>
        mappingOf(a.rawValue)?.category === 'creator' ? a.successEvents : 0,
      ),
    };
  });

  const byRaw = new Map<string, { rawValue: string; successEvents: number; sessions: number }>();
  for (const a of counted) {
    const row = byRaw.get(a.rawValue) ?? { rawValue: a.rawValue, successEvents: 0, sessions: 0 };
    row.successEvents += a.successEvents;
    row.sessions += a.sessions;
    byRaw.set(a.rawValue, row);
  }
  const responses = [...byRaw.values()]
    .map((r) => {
      const m = mappingOf(r.rawValue);
      return { ...r, normalizedValue: m?.normalizedValue ?? null, category: m?.category ?? null };
    })
    .sort((a, b) => b.successEvents - a.successEvents || a.rawValue.localeCompare(b.rawValue));
  const categories = new Map<string, number>();
  for (const r of responses)
    categories.set(r.category ?? 'unmapped', (categories.get(r.category ?? 'unmapped') ?? 0) + r.successEvents);
  const totals = {
    successEvents: total(timeline, (d) => d.successEvents),
    answeredSuccessEvents: total(timeline, (d) => d.answeredSuccessEvents),
    creatorSuccessEvents: total(timeline, (d) => d.creatorSuccessEvents),
  };
  const flags: string[] = [];
  if (totals.answeredSuccessEvents === 0) flags.push('no_answers');
  if (responses.some((r) => r.category === null)) flags.push('unmapped_answers');
  if (totals.successEvents > 0 && totals.answeredSuccessEvents / totals.successEvents < 0.2) flags.push('low_coverage');
  const warnings: string[] = [];
  if (exceeding.length) {
    flags.push('answers_exceed_success_events');
    const named = exceeding.slice(0, DAYS_NAMED).map((d) => `${d.date} (${d.answered} answered of ${d.successEvents})`);
    const more = exceeding.length > DAYS_NAMED ? ` and ${exceeding.length - DAYS_NAMED} more` : '';
    warnings.push(
      `answers_exceed_success_events: on ${exceeding.length} of ${input.dates.length} days Google Analytics counted more answered key events than the day's key events: ${named.join(', ')}${more}; those days' answers are left out of the responses, categories, totals and timeline.`,
    );
  }
  return {
    data: {
      dimensionApiName: input.dimension,
      responses,
      categories: [...categories]
        .map(([category, successEvents]) => ({ category, successEvents }))
        .sort((a, b) => b.successEvents - a.successEvents || a.category.localeCompare(b.category)),
      totals,
      coverage: share(totals.answeredSuccessEvents, totals.successEvents),
      creatorRelevance: share(totals.creatorSuccessEvents, totals.answeredSuccessEvents),
      dataQualityFlags: flags,
      timeline,
    },
    warnings,
  };
}

/** A direct signal's association: one record of the organization, one referral-channel bucket, or none. */
export type SignalAssociation =
  | { type: 'creator' | 'campaign' | 'activity'; id: string }
  | { type: 'referral_channel'; channel: HdyhauCategory }
  | null;

export interface StoredSignal {
  signalId: string;
  kind: SignalKind;
  dimension: string;
  value: string;
  association: SignalAssociation;
  ignored: boolean;
}

/** A signal as the routes show it. */
export const signalView = (s: StoredSignal) => ({
  signalId: s.signalId,
  kind: s.kind,
  dimensionApiName: s.dimension,
  value: s.value,
  association: s.association,
  ignored: s.ignored,
});

export interface SignalDay {
  date: string;
  signalId: string;
  sessions: number;
  users: number;
  successEvents: number;
}

/**
 * The direct-signal evidence of a range: each signal seen in it with its figures, mapping and
 * triage state (ignored ones only when asked, and never in the headline counts), the
 * referral-channel buckets with the traffic of their signals, and a zero-filled daily timeline.
 */
export function directSignals(input: {
  dates: readonly string[];
  signals: readonly StoredSignal[];
  days: readonly SignalDay[];
  includeIgnored: boolean;
}) {
  // The range's days only: the signals' figures, the headline and the timeline then add up the same days.
  const inRange = new Set(input.dates);
  const days = input.days.filter((d) => inRange.has(d.date));
  const totals = new Map<string, { sessions: number; users: number; successEvents: number; daysSeen: number }>();
  for (const d of days) {
    const t = totals.get(d.signalId) ?? { sessions: 0, users: 0, successEvents: 0, daysSeen: 0 };
    t.sessions += d.sessions;
    t.users += d.users;
    t.successEvents += d.successEvents;
    t.daysSeen += 1;
    totals.set(d.signalId, t);
  }
  const seen = input.signals.filter((s) => totals.has(s.signalId));
  const counted = seen.filter((s) => !s.ignored);
  const shown = input.includeIgnored ? seen : counted;
  const figures = (s: StoredSignal) => {
    const t = totals.get(s.signalId)!;
    // "Daily users": GA4 counts users per day; a range's sum over days is the honest figure, not unique users.
    return { sessions: t.sessions, dailyUsers: t.users, successEvents: t.successEvents, daysSeen: t.daysSeen };
  };
  const buckets = new Map<
    string,
    { channel: string; signals: number; sessions: number; dailyUsers: number; successEvents: number }
  >();
  for (const s of counted) {
    if (s.association?.type !== 'referral_channel') continue;
    const f = figures(s);
    const b = buckets.get(s.association.channel) ?? {
      channel: s.association.channel,
      signals: 0,
      sessions: 0,
      dailyUsers: 0,
      successEvents: 0,
    };
    b.signals += 1;
    b.sessions += f.sessions;
    b.dailyUsers += f.dailyUsers;
    b.successEvents += f.successEvents;
    buckets.set(b.channel, b);
  }
  const countedIds = new Set(counted.map((s) => s.signalId));
  const perDay = new Map<string, { sessions: number; users: number; successEvents: number }>();
  for (const d of days) {
    if (!countedIds.has(d.signalId)) continue;
    const p = perDay.get(d.date) ?? { sessions: 0, users: 0, successEvents: 0 };
    p.sessions += d.sessions;
    p.users += d.users;
    p.successEvents += d.successEvents;
    perDay.set(d.date, p);
  }
  return {
    signals: shown
      .map((s) => ({ ...signalView(s), ...figures(s) }))
      .sort((a, b) => b.sessions - a.sessions || a.value.localeCompare(b.value)),
    headline: {
      signals: counted.length,
      mapped: counted.filter((s) => s.association !== null).length,
      unmapped: counted.filter((s) => s.association === null).length,
      ignored: seen.length - counted.length,
      sessions: counted.reduce((sum, s) => sum + figures(s).sessions, 0),
      successEvents: counted.reduce((sum, s) => sum + figures(s).successEvents, 0),
    },
    referralChannels: [...buckets.values()].sort(
      (a, b) => b.sessions - a.sessions || a.channel.localeCompare(b.channel),
    ),
    timeline: input.dates.map((date) => ({
      date,
      sessions: perDay.get(date)?.sessions ?? 0,
      dailyUsers: perDay.get(date)?.users ?? 0,
      successEvents: perDay.get(date)?.successEvents ?? 0,
    })),
  };
}
