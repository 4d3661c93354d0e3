/**
 * Permanent campaign delete. First the campaign is marked `deletingAt` (it reads as gone and takes
 * no new links), then every activity is unlinked (each with its aggregate move), its reported
 * outcome measurements are retired, its notes and files removed; last the item, its pointer and the
 * tenant's count go in one transaction that only succeeds once no activity is left in it. Every step
 * is idempotent, so a delete interrupted anywhere is finished by repeating it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound, NotFoundError } from '../domain/errors.ts';
import { tenantAggregateUpdate } from './aggregates.ts';
import { activityIdsOfCampaign, unlinkActivity } from './campaign-links.ts';
import { documentClient, tableName } from './client.ts';
import { deleteFilesOf } from './files.ts';
import { keys } from './keys.ts';
import { deleteNotesOf } from './notes.ts';
import { cancellationReasons, isConditionFailure, transactWriteRetrying } from './operations.ts';
import { retireMeasurementsOfCampaign } from './outcome-measurements.ts';
import { pointerDelete } from './records.ts';

async function markDeleting(tenantId: string, campaignId: string): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaign(tenantId, campaignId),
        // A repeated delete keeps the first mark.
        UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('The campaign');
    throw error;
  }
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
    try {
      await transactWriteRetrying([
        {
          Delete: {
            TableName: tableName(),
            Key: keys.campaign(tenantId, campaignId),
            ConditionExpression: 'attribute_exists(pk) AND activitiesCount = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        },
        pointerDelete(campaignId),
        tenantAggregateUpdate(tenantId, { counts: { campaignsCount: -1 } })!,
      ]);
      // A note or file written between the sweep and the delete; none can be written after it.
      await deleteNotesOf(tenantId, 'campaign', campaignId);
      await deleteFilesOf(tenantId, 'campaign', campaignId);
      return unlinked;
    } catch (error) {
      // An unlink that raced this delete, or colliding writers: go round again.
      if (!cancellationReasons(error)) throw error;
    }
  }
  throw conflict('The campaign kept changing while it was being deleted; retry.');
}
