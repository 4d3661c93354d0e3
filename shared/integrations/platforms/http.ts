/**
 * What every adapter does the same way: one HTTP call answered as data (never a throw), and the
 * results for a whole call's refs when the call as a whole failed or was rate limited.
 */
import type {
  AccountRef,
  ContentReading,
  ContentRef,
  FollowerReading,
  ReadingSource,
  ReadResult,
} from '../../domain/metric-readings.ts';
import { normaliseProfile, type Platform } from '../../domain/social-profiles.ts';
import { logger } from '../../support/logger.ts';

/** A platform's answer: its status, headers and parsed JSON body, or why there is none. */
export type Answer =
  | { ok: true; status: number; headers: Headers; body: unknown }
  | { ok: false; status: number; headers: Headers; message: string };

/** Ten seconds: a reading is retried by the queue, better than a worker stuck on one platform. */
const TIMEOUT_MS = 10_000;

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    return {
      ok: false,
      status: 0,
      headers: new Headers(),
      message: `No answer from ${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const text = await response.text().catch(() => '');
  try {
    return { ok: true, status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
  } catch {
    return {
      ok: false,
      status: response.status,
      headers: response.headers,
      message: `HTTP ${response.status} from ${new URL(url).host} with a body that is not JSON`,
    };
  }
}

/** An object's property, or undefined when the value is not an object (malformed bodies). */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The sum of the counts among `names` that the platform gave; null when it gave none of them. */
export function sumOfGiven(fields: Readonly<Record<string, number>>, names: readonly string[]): number | null {
  const given = names.filter((name) => fields[name] !== undefined);
  return given.length === 0 ? null : given.reduce((sum, name) => sum + fields[name]!, 0);
}

/** The same result for each of `n` refs. */
export const each = <T>(n: number, result: ReadResult<T>): ReadResult<T>[] => Array.from({ length: n }, () => result);

export const failedAll = <T>(n: number, message: string): ReadResult<T>[] => each<T>(n, { status: 'failed', message });

/** A 429 or quota answer: logged with the platform's reset time, every ref due again then. */
export function rateLimitedAll<T>(platform: string, n: number, retryAt: Date, why: string): ReadResult<T>[] {
  logger.warn('platform rate limit', { platform, retryAt: retryAt.toISOString(), why, items: n });
  return each<T>(n, { status: 'rate_limited', retryAt: retryAt.toISOString() });
}

/** A reset time from a header of epoch seconds (X) or seconds from now (Reddit), else `fallbackMs` from now. */
export function resetAt(
  header: string | null,
  kind: 'epochSeconds' | 'secondsFromNow',
  fallbackMs: number,
  now = new Date(),
): Date {
  const n = Number(header);
  if (header === null || header.trim() === '' || !Number.isFinite(n) || n < 0)
    return new Date(now.getTime() + fallbackMs);
  const at = kind === 'epochSeconds' ? new Date(n * 1000) : new Date(now.getTime() + Math.ceil(n) * 1000);
  // A reset in the past (clock skew) still waits a little rather than hammering the platform.
  return at.getTime() > now.getTime() ? at : new Date(now.getTime() + 1000);
}

/** What one call answered per platform id (a reading made for the ref's URL), or one result per id for the whole call. */
export type BatchAnswer =
  | Map<string, (contentUrl: string) => ReadResult<ContentReading>>
  | ReadResult<ContentReading>[];

/**
 * Reads refs whose platform ids `idOf` derives from their URLs, `size` distinct ids per call, and
 * answers in the refs' order. A ref whose URL names no id, or whose id the platform did not
 * answer, is missing, as the platforms say it.
 */
export async function readByIds(
  refs: readonly ContentRef[],
  idOf: (url: string) => string | undefined,
  size: number,
  read: (batch: string[]) => Promise<BatchAnswer>,
): Promise<ReadResult<ContentReading>[]> {
  const ids = refs.map((ref) => idOf(ref.contentUrl));
  const found = new Map<string, (contentUrl: string) => ReadResult<ContentReading>>();
  for (const batch of chunks([...new Set(ids.filter((id): id is string => id !== undefined))], size)) {
    const answer = await read(batch);
    if (Array.isArray(answer)) {
      batch.forEach((id, i) => {
        found.set(id, () => answer[i]!);
      });
    } else for (const [id, reading] of answer) found.set(id, reading);
  }
  return refs.map((ref, i) => found.get(ids[i] ?? '')?.(ref.contentUrl) ?? { status: 'missing' });
}

/** The readings of the items a call answered, by their `id` (items without a string id are left out: missing). */
export function byId(
  items: readonly unknown[],
  reading: (item: unknown, contentUrl: string) => ReadResult<ContentReading>,
): Map<string, (contentUrl: string) => ReadResult<ContentReading>> {
  const ids = items.map((item) => field(item, 'id'));
  return new Map(
    items.flatMap((item, i) =>
      typeof ids[i] === 'string' ? [[ids[i], (url: string) => reading(item, url)] as const] : [],
    ),
  );
}

/** Reads accounts one call each, by their handle on `platform`; a profile URL that names none is missing. */
export async function readEachAccount(
  platform: Platform,
  accounts: readonly AccountRef[],
  read: (handle: string) => Promise<ReadResult<FollowerReading>>,
): Promise<ReadResult<FollowerReading>[]> {
  const results: ReadResult<FollowerReading>[] = [];
  for (const account of accounts) {
    let handle: string | undefined;
    try {
      handle = normaliseProfile(platform, account.profileUrl).handle;
    } catch {
      handle = undefined;
    }
    results.push(handle === undefined ? { status: 'missing' } : await read(handle));
  }
  return results;
}

export const followers = (followersCount: number, source: ReadingSource): ReadResult<FollowerReading> => ({
  status: 'ok',
  value: { followersCount, source, fetchedAt: new Date().toISOString() },
});

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
