/**
 * The analytics import of one organization (docs/decisions.md "Web analytics"): reads its property's
 * daily figures, how-did-you-hear answers and direct signals for a range of days with the Data
 * API, and stores them replacing what was stored for those days. A refused grant marks the
 * connection `needs_reconnect`; a spent quota is retried with backoff, then left to the next run.
 */
import {
  connectedTenants,
  getConnection,
  markNeedsReconnect,
  recordImport,
  writeImport,
  type Connection,
} from '../../../shared/db/analytics/index.ts';
import { addDays } from '../../../shared/domain/reporting/days.ts';
import {
  BACKFILL_DAYS,
  DEFAULT_HDYHAU_DIMENSION,
  hasValue,
  normalizeRawValue,
  REFRESH_DAYS,
  signalIdOf,
  SIGNAL_DIMENSIONS,
  type AnalyticsDay,
  type HdyhauAnswerDay,
  type SignalDay,
} from '../../../shared/domain/analytics.ts';
import { logger } from '../../../shared/support/logger.ts';
import * as analytics from '../../../shared/integrations/analytics/index.ts';
import {
  GrantRevokedError,
  QuotaExceededError,
  UnknownFieldError,
  type ReportRow,
} from '../../../shared/integrations/analytics/port.ts';
import * as tokenSealer from '../../../shared/integrations/token-sealer/index.ts';

export type ImportOutcome = 'imported' | 'needs_reconnect' | 'rate_limited' | 'not_connected';

/** GA4's `date` dimension (YYYYMMDD) as YYYY-MM-DD. */
const isoDate = (ga: string) => `${ga.slice(0, 4)}-${ga.slice(4, 6)}-${ga.slice(6, 8)}`;

const BACKOFF_MS = [1_000, 4_000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withQuotaBackoff<T>(read: () => Promise<T>, backoffMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof QuotaExceededError) || attempt >= backoffMs.length) throw error;
      await sleep(backoffMs[attempt]!);
    }
  }
}

async function readRange(connection: Connection, accessToken: string, from: string, to: string) {
  const propertyId = connection.propertyId!;
  const dimension = connection.hdyhauDimension ?? DEFAULT_HDYHAU_DIMENSION;
  const report = (dimensions: string[], metrics: string[]) =>
    analytics.runReport(accessToken, propertyId, { from, to, dimensions, metrics });
  const [totals, answersRows, ...signalReports] = await Promise.all([
    report(['date'], ['sessions', 'totalUsers', 'screenPageViews', 'keyEvents']),
    // A custom dimension the property has not registered: the import goes on without answers.
    report(['date', dimension], ['keyEvents', 'sessions']).catch((error: unknown) => {
      if (error instanceof UnknownFieldError) return undefined;
      throw error;
    }),
    ...SIGNAL_DIMENSIONS.map((s) => report(['date', s.dimension], ['sessions', 'totalUsers', 'keyEvents'])),
  ]);
  const days: AnalyticsDay[] = totals!.map((r) => ({
    date: isoDate(r.dimensions.date!),
    sessions: r.metrics.sessions ?? 0,
    users: r.metrics.totalUsers ?? 0,
    pageViews: r.metrics.screenPageViews ?? 0,
    successEvents: r.metrics.keyEvents ?? 0,
  }));
  // Values that normalize alike ("Podcast" and "Podcast ") are one answer of the day.
  const answers = new Map<string, HdyhauAnswerDay>();
  for (const r of answersRows ?? []) {
    const rawValue = normalizeRawValue(r.dimensions[dimension] ?? '');
    if (!hasValue(rawValue)) continue;
    const date = isoDate(r.dimensions.date!);
    const answer = answers.get(`${date}\u0000${rawValue}`) ?? {
      date,
      dimension,
      rawValue,
      successEvents: 0,
      sessions: 0,
    };
    answer.successEvents += r.metrics.keyEvents ?? 0;
    answer.sessions += r.metrics.sessions ?? 0;
    answers.set(`${date}\u0000${rawValue}`, answer);
  }
  const signals = new Map<
    string,
    { signalId: string; kind: (typeof SIGNAL_DIMENSIONS)[number]['kind']; dimension: string; value: string }
  >();
  const signalDays = new Map<string, SignalDay>();
  SIGNAL_DIMENSIONS.forEach((s, i) => {
    for (const r of signalReports[i] as ReportRow[]) {
      const value = normalizeRawValue(r.dimensions[s.dimension] ?? '');
      if (!hasValue(value)) continue;
      const signalId = signalIdOf(connection.tenantId, s.dimension, value);
      signals.set(signalId, { signalId, kind: s.kind, dimension: s.dimension, value });
      const date = isoDate(r.dimensions.date!);
      const day = signalDays.get(`${date}\u0000${signalId}`) ?? {
        date,
        signalId,
        sessions: 0,
        users: 0,
        successEvents: 0,
      };
      day.sessions += r.metrics.sessions ?? 0;
      day.users += r.metrics.totalUsers ?? 0;
      day.successEvents += r.metrics.keyEvents ?? 0;
      signalDays.set(`${date}\u0000${signalId}`, day);
    }
  });
  return {
    from,
    to,
    days,
    answers: [...answers.values()],
    signals: [...signals.values()],
    signalDays: [...signalDays.values()],
    hdyhauAvailable: answersRows !== undefined,
  };
}

/**
 * Imports the `days` days ending today (UTC). Today is partial and GA4 revises recent days; the
 * next runs read them again and replace them.
 */
export async function importAnalytics(
  tenantId: string,
  days: number,
  options: { now?: Date; backoffMs?: readonly number[] } = {},
): Promise<ImportOutcome> {
  const connection = await getConnection(tenantId);
  if (connection?.status !== 'connected' || !connection.propertyId) return 'not_connected';
  const now = options.now ?? new Date();
  const to = now.toISOString().slice(0, 10);
  const from = addDays(to, -(days - 1));
  try {
    const refreshToken = await tokenSealer
      .open('google-refresh-token', tenantId, connection.sealedRefreshToken)
      .catch(() => {
        // Sealed under a key this process does not have (a local restart): as good as revoked.
        throw new GrantRevokedError('The stored grant cannot be opened.');
      });
    const accessToken = await analytics.accessTokenFor(refreshToken);
    const range = await withQuotaBackoff(
      () => readRange(connection, accessToken, from, to),
      options.backoffMs ?? BACKOFF_MS,
    );
    await writeImport(tenantId, range);
    await recordImport(tenantId, { through: to, hdyhauAvailable: range.hdyhauAvailable }, now);
    return 'imported';
  } catch (error) {
    if (error instanceof GrantRevokedError) {
      await markNeedsReconnect(tenantId);
      logger.warn('analytics import: grant refused, connection needs reconnect', { tenantId });
      return 'needs_reconnect';
    }
    if (error instanceof QuotaExceededError) {
      logger.warn('analytics import: quota exhausted, left to the next run', { tenantId });
      return 'rate_limited';
    }
    throw error;
  }
}

/** A connection imported less than this long ago is left to a later run. */
const REFRESH_AFTER_MS = 20 * 60 * 60 * 1000;

/**
 * What one run should read for a connection: its 90-day backfill while it has none (the import
 * of a property select-property chose), the last days once a day, or nothing yet.
 */
export function daysDue(
  connection: Pick<Connection, 'importedThrough' | 'lastImportAt'>,
  now: Date,
  force = false,
): number {
  if (!connection.importedThrough) return BACKFILL_DAYS;
  if (force || !connection.lastImportAt || now.getTime() - Date.parse(connection.lastImportAt) >= REFRESH_AFTER_MS)
    return REFRESH_DAYS;
  return 0;
}

/**
 * One scheduled run (every 15 minutes): every connected organization that is due, one at a time. `force`
 * (POST /local/jobs/import-analytics) re-reads the last days of all of them at once.
 */
export async function importAllConnected(
  options: { now?: Date; backoffMs?: readonly number[]; force?: boolean } = {},
): Promise<Record<ImportOutcome | 'up_to_date', number>> {
  const counts: Record<ImportOutcome | 'up_to_date', number> = {
    imported: 0,
    needs_reconnect: 0,
    rate_limited: 0,
    not_connected: 0,
    up_to_date: 0,
  };
  const now = options.now ?? new Date();
  for (const tenantId of await connectedTenants()) {
    try {
      const connection = await getConnection(tenantId);
      const days = connection ? daysDue(connection, now, options.force) : 0;
      counts[days ? await importAnalytics(tenantId, days, { ...options, now }) : 'up_to_date'] += 1;
    } catch (error) {
      // One organization's failure does not stop the others'; the next run tries it again.
      logger.error('analytics import failed', { tenantId, error: String(error) });
    }
  }
  return counts;
}
