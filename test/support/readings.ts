/** A fetched YouTube reading, as the platform adapter hands it to the snapshot writer (shared/db/metrics/snapshots.ts). */
import type { ContentReading } from '../../shared/domain/metric-readings.ts';
import { twitterCounts } from '../../shared/integrations/platforms/twitter.ts';
import { youtubeCounts } from '../../shared/integrations/platforms/youtube.ts';

export function youtubeReading(fetchedAt: string, { views = 0, likes = 0, comments = 0 } = {}): ContentReading {
  const fields = { viewCount: views, likeCount: likes, commentCount: comments };
  return {
    fields,
    counts: youtubeCounts(fields),
    impressions: views,
    engagement: likes + comments,
    reach: null,
    source: { kind: 'api', adapter: 'youtube-data-api', apiVersion: 'v3' },
    contentUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    fetchedAt,
  };
}

/** A fetched X reading: its public_metrics as the adapter keeps them, engagement their sum (twitter.ts). */
export function twitterReading(
  fetchedAt: string,
  metrics: {
    impression_count: number;
    like_count: number;
    reply_count: number;
    retweet_count: number;
    quote_count: number;
    bookmark_count: number;
  },
): ContentReading {
  const { impression_count, ...engaged } = metrics;
  return {
    fields: { ...metrics },
    counts: twitterCounts(metrics),
    impressions: impression_count,
    engagement: Object.values(engaged).reduce((sum, n) => sum + n, 0),
    reach: null,
    source: { kind: 'api', adapter: 'x-api', apiVersion: 'v2' },
    contentUrl: 'https://x.com/miarivera/status/1790000000000000001',
    fetchedAt,
  };
}
