/**
 * Which table changes ask for a reading at once rather than at the next dispatch (up to 15 minutes
 * later): a content link connected or changed makes its activity due at the moment it was connected
 * (`contentConnectedAt`), and a social account added is due for its first follower count at its
 * `createdAt`. The worker's own moves of a due time, a disconnect and every other change leave the
 * due time elsewhere or where it was, and ask for nothing: the dispatcher finds them when due.
 */
import { dueItem, type DueItem } from '../../../shared/db/metrics/index.ts';
import type { StreamChange } from '../../../shared/domain/webhook-events.ts';

export function dueAtOnce({ oldImage, newImage }: Pick<StreamChange, 'oldImage' | 'newImage'>): DueItem | undefined {
  if (typeof newImage?.gsi4sk !== 'string' || newImage.gsi4sk === oldImage?.gsi4sk) return undefined;
  const due = dueItem(newImage);
  if (!due) return undefined;
  const trackedSince = due.kind === 'content' ? newImage.contentConnectedAt : newImage.createdAt;
  return due.dueAt === trackedSince ? due : undefined;
}
