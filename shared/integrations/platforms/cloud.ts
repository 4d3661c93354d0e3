/**
 * The platforms read on their own APIs (the Platforms port): an adapter per platform, behind one
 * interface (shared/domain/metric-readings.ts), with the credentials and base URLs of config.ts.
 * Locally the same adapters, pointed by `npm start` at its fake platforms
 * (infra/local/fakes/platforms.ts) through the base URLs: that configuration is the local
 * implementation. Every platform
 * gets an adapter: TikTok and LinkedIn publish no metrics of other people's content, and a
 * platform without configured credentials cannot be read; their adapters answer `unavailable`
 * with the reason, never a number.
 */
import type { ChannelName } from '../../domain/activity-types.ts';
import type { PlatformAdapter, UnavailableReason } from '../../domain/metric-readings.ts';
import { loadPlatformConfig, type PlatformConfig } from './config.ts';
import { each } from './http.ts';
import type { Platforms } from './port.ts';
import { instagramAdapter } from './instagram.ts';
import { redditAdapter } from './reddit.ts';
import { twitterAdapter } from './twitter.ts';
import { youtubeAdapter } from './youtube.ts';

function unavailableAdapter(platform: ChannelName, reason: UnavailableReason): PlatformAdapter {
  return {
    platform,
    maxIdsPerCall: 100,
    readContent: async (refs) => each(refs.length, { status: 'unavailable', reason }),
    readFollowers: async (accounts) => each(accounts.length, { status: 'unavailable', reason }),
  };
}

export function adapterFor(platform: ChannelName, config: PlatformConfig): PlatformAdapter {
  const missing = () => unavailableAdapter(platform, 'platform_credentials_missing');
  switch (platform) {
    case 'youtube':
      return config.youtube ? youtubeAdapter(config.youtube) : missing();
    case 'reddit':
      return config.reddit ? redditAdapter(config.reddit) : missing();
    case 'twitter':
      return config.twitter ? twitterAdapter(config.twitter) : missing();
    case 'instagram':
      return config.instagram ? instagramAdapter(config.instagram) : missing();
    case 'tiktok':
    case 'linkedin':
      return unavailableAdapter(platform, 'platform_has_no_public_metrics');
  }
}

export const platformApis: Platforms = {
  async adapters() {
    const config = await loadPlatformConfig();
    return (platform) => adapterFor(platform, config);
  },
};
