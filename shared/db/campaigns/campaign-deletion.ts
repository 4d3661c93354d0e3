/**
 * Permanent campaign delete. First the campaign is marked `deletingAt` (it reads as gone and takes
 * no new links), then every activity is unlinked (each with its aggregate move), its reported
 * outcome measurements are retired, its notes and files removed; last the item, its pointer and the
 * tenant's count go in one transaction that only succeeds once no activity is left in it. Every step
 * is idempotent, so a delete interrupted anywhere is finished by repeating it.
 */
import { conflict, notFound, NotFoundError } from '../../domain/errors.ts';
import { tenantAggregateUpdate } from '../table/aggregates.ts';
import { activityIdsOfCampaign, unlinkActivity } from './campaign-links.ts';
import { Campaigns } from './campaigns.ts';
import { conditionHeld, updateRecord } from '../table/entity.ts';
import { all, equals, exists } from '../table/expressions.ts';
import { deleteFilesOf } from '../evidence/files.ts';
import { deleteNotesOf } from '../evidence/notes.ts';
import { retireMeasurementsOfCampaign } from '../evidence/outcome-measurements.ts';
import { pointerDelete } from '../table/records.ts';
import { transact } from '../table/transact.ts';

async function markDeleting(tenantId: string, campaignId: string): Promise<void> {
  // A repeated delete keeps the first mark.
  await updateRecord(
    Campaigns,
    Campaigns.key(tenantId, campaignId),
    { setIfAbsent: { deletingAt: new Date().toISOString() } },
    { failure: () => notFound('The campaign') },
  );
}

/** Deletes a campaign and what hangs off it; returns the ids of the activities it unlinked. */
export async function deleteCampaign(tenantId: string, campaignId: string): Promise<string[]> {
  await markDeleting(tenantId, campaignId);
  const unlinked: string[] = [];
  for (let round = 0; round < 3; round++) {
    for (const activityId of await activityIdsOfCampaign(tenantId, campaignId)) {
      try {
        await unlinkActivity(tenantId, campaignId, activityId);
        unlinked.push(activityId);
      } catch (error) {
        // Moved elsewhere or deleted meanwhile: no longer this campaign's.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    await retireMeasurementsOfCampaign(tenantId, campaignId);
    await deleteNotesOf(tenantId, 'campaign', campaignId);
    await deleteFilesOf(tenantId, 'campaign', campaignId);
    // A link that raced this delete (activitiesCount above 0): go round again.
    const deleted = await conditionHeld((raced) =>
      transact([
        Campaigns.tx.delete(Campaigns.key(tenantId, campaignId), {
          condition: all(exists, equals('activitiesCount', 0)),
          failure: raced,
        }),
        pointerDelete(campaignId),
        tenantAggregateUpdate(tenantId, { counts: { campaignsCount: -1 } })!,
      ]),
    );
    if (!deleted) continue;
    // A note or file written between the sweep and the delete; none can be written after it.
    await deleteNotesOf(tenantId, 'campaign', campaignId);
    await deleteFilesOf(tenantId, 'campaign', campaignId);
    return unlinked;
  }
  throw conflict('The campaign kept changing while it was being deleted; retry.');
}
