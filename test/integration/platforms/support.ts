/**
 * The platform adapters' tests run against the local fakes (infra/local/fakes/platforms.ts) over
 * HTTP, with the fake's clock frozen so the expected counts are exact.
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { ChannelName } from '../../../shared/domain/activity-types.ts';
import type { AccountRef, ContentRef } from '../../../shared/domain/metric-readings.ts';
import { platformConfigFrom, type PlatformConfig } from '../../../shared/integrations/platforms/config.ts';
import { FakePlatforms } from '../../../infra/local/fakes/platforms.ts';

/** Later than the real clock, so the fake's reset times (from its clock) are in the adapters' future. */
export const FAKE_NOW = new Date('2030-06-01T12:00:00.000Z');

/** A fake started for the file, and the adapters' configuration pointing at it. */
export function useFakePlatforms(): { fake: () => FakePlatforms; config: () => PlatformConfig } {
  let fake: FakePlatforms;
  let config: PlatformConfig;
  beforeAll(async () => {
    fake = await FakePlatforms.start({ now: () => FAKE_NOW });
    config = platformConfigFrom(fake.env(), fake.env());
  });
  afterAll(() => fake.stop());
  return { fake: () => fake, config: () => config };
}

export const contentRef = (platform: ChannelName, contentUrl: string, extra: Partial<ContentRef> = {}): ContentRef => ({
  tenantId: 't1',
  activityId: `a-${contentUrl}`,
  platform,
  contentUrl,
  ...extra,
});

export const accountRef = (platform: ChannelName, profileUrl: string): AccountRef => ({
  tenantId: 't1',
  creatorId: 'c1',
  accountId: `acc-${profileUrl}`,
  platform,
  profileUrl,
});

/** Structured log lines written while `work` runs (logging is silent in tests otherwise). */
export async function logLines<T>(work: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const result = await work();
    return { result, lines: spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>) };
  } finally {
    spy.mockRestore();
    process.env.LOG_LEVEL = previous;
  }
}

export const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
