/** Platforms that give no number: TikTok and LinkedIn always, the others while their credentials are missing. */
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import type { ChannelName } from '../../../shared/domain/activity-types.ts';

const content = (platform: ChannelName, contentUrl: string) => ({
  tenantId: 't',
  activityId: 'a',
  platform,
  contentUrl,
});
const account = (platform: ChannelName, profileUrl: string) => ({
  tenantId: 't',
  creatorId: 'c',
  accountId: 'x',
  platform,
  profileUrl,
});

describe('adapters without a number to give', () => {
  it.each([
    ['tiktok', 'https://www.tiktok.com/@someone/video/7300000000000000000', 'https://www.tiktok.com/@someone'],
    ['linkedin', 'https://www.linkedin.com/posts/someone_activity-1', 'https://www.linkedin.com/in/someone/'],
  ] as const)('%s has no public metrics, whatever is configured', async (platform, url, profile) => {
    const adapter = adapterFor(platform, { youtube: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' } });
    expect(await adapter.readContent([content(platform, url), content(platform, url)])).toEqual([
      { status: 'unavailable', reason: 'platform_has_no_public_metrics' },
      { status: 'unavailable', reason: 'platform_has_no_public_metrics' },
    ]);
    expect(await adapter.readFollowers([account(platform, profile)])).toEqual([
      { status: 'unavailable', reason: 'platform_has_no_public_metrics' },
    ]);
  });

  it.each([
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/@someone'],
    ['reddit', 'https://www.reddit.com/r/test/comments/abc123/title/', 'https://www.reddit.com/user/someone/'],
    ['twitter', 'https://x.com/someone/status/1234567890', 'https://x.com/someone'],
    ['instagram', 'https://www.instagram.com/p/Cabc123/', 'https://www.instagram.com/someone/'],
  ] as const)('%s without credentials says so and calls nothing', async (platform, url, profile) => {
    const adapter = adapterFor(platform, {});
    expect(await adapter.readContent([content(platform, url)])).toEqual([
      { status: 'unavailable', reason: 'platform_credentials_missing' },
    ]);
    expect(await adapter.readFollowers([account(platform, profile)])).toEqual([
      { status: 'unavailable', reason: 'platform_credentials_missing' },
    ]);
  });
});
