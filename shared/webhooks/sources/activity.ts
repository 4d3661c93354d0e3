/**
 * Activity events: `activity.metrics_updated` when a reading changed its stored latest counts
 * (snapshots.ts writes `latestCounts` and the platform's own `latest` with each reading; a reading
 * that finds the same figures causes nothing), and `activity.metrics_unavailable` when it becomes
 * unavailable for metrics (snapshots.ts `markUnavailable`: a platform without public metrics,
 * missing credentials, content not found) — on that transition only, not when a reason is restated
 * or replaced by another.
 */
import { activityFromItem, activityView } from '../../db/catalogue/index.ts';
import { isEntity } from '../../db/table/index.ts';
import type { StreamChange } from '../../domain/webhook-events.ts';
import { tenantIdOf, when, type Image, type Occurrence, type Source } from './source.ts';

const COUNTS = ['views', 'likes', 'comments', 'shares', 'saves'] as const;

/** The figures of the newest reading: its counts in one vocabulary and under the platform's own names (when and how read left out). */
function figures(item: Image): string {
  const counts = item.latestCounts as Record<string, unknown> | null | undefined;
  const latest = (item.latest ?? {}) as Record<string, unknown>;
  return JSON.stringify([
    COUNTS.map((name) => counts?.[name] ?? null),
    Object.keys(latest)
      .sort()
      .map((name) => [name, latest[name]]),
  ]);
}

const unavailableReason = (item: Image | undefined) =>
  typeof item?.metricsUnavailableReason === 'string' ? item.metricsUnavailableReason : undefined;

async function occurrences({ oldImage, newImage }: StreamChange): Promise<Occurrence[]> {
  if (!newImage) return [];
  const tenantId = tenantIdOf(newImage);
  const view = () => activityView(activityFromItem(newImage));
  const reason = unavailableReason(newImage);
  const updated = when(
    oldImage !== undefined && newImage.latestCounts != null && figures(oldImage) !== figures(newImage),
    async () => ({
      type: 'activity.metrics_updated' as const,
      tenantId,
      // As the record shows them: the reading with the manual counts over it (latest-counts.ts).
      data: { ...(await view()), previousLatestCounts: oldImage ? activityFromItem(oldImage).latestCounts : null },
    }),
  );
  const unavailable = when(reason !== undefined && unavailableReason(oldImage) === undefined, async () => ({
    type: 'activity.metrics_unavailable' as const,
    tenantId,
    data: { ...(await view()), reason },
  }));
  return (await Promise.all([updated, unavailable])).flat();
}

export const activitySource: Source = { reads: (item) => isEntity(item, 'activity'), occurrences };
