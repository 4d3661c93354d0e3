/** The refresh cadence at each boundary: 2 h below 7 days, daily below 60 days, weekly after; none when disconnected. */
import { describe, expect, it } from 'vitest';
import { nextFetchAt } from '../../shared/domain/refresh-cadence.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const published = '2026-01-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(published) + ms);
const gap = (
  ageMs: number,
  anchor: { publishedAt?: string | null; connectedAt?: string | null } = { publishedAt: published },
) => {
  const now = at(ageMs);
  return nextFetchAt({ ...anchor, connected: true }, now)!.getTime() - now.getTime();
};

describe('nextFetchAt', () => {
  it('reads every 2 hours up to just before day 7', () => {
    expect(gap(0)).toBe(2 * HOUR);
    expect(gap(7 * DAY - 1)).toBe(2 * HOUR);
  });

  it('reads daily from day 7 to just before day 60', () => {
    expect(gap(7 * DAY)).toBe(DAY);
    expect(gap(60 * DAY - 1)).toBe(DAY);
  });

  it('reads weekly from day 60 on', () => {
    expect(gap(60 * DAY)).toBe(7 * DAY);
    expect(gap(400 * DAY)).toBe(7 * DAY);
  });

  it('counts from the connect time when no publish date is known, or the publish date is still ahead', () => {
    expect(gap(10 * DAY, { connectedAt: at(9 * DAY).toISOString() })).toBe(2 * HOUR);
    expect(gap(10 * DAY, { publishedAt: at(30 * DAY).toISOString(), connectedAt: at(2 * DAY).toISOString() })).toBe(
      DAY,
    );
  });

  it('an old publish date wins over a recent connect: old content is read weekly', () => {
    expect(gap(100 * DAY, { publishedAt: published, connectedAt: at(100 * DAY).toISOString() })).toBe(7 * DAY);
  });

  it('nothing is due for a disconnected link', () => {
    expect(nextFetchAt({ publishedAt: published, connected: false }, at(0))).toBeNull();
  });
});
