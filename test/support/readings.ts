/** A fetched YouTube reading, as the platform adapter hands it to the snapshot writer (shared/db/metrics/snapshots.ts). */
import type { ContentReading } from '../../shared/domain/metric-readings.ts';
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
