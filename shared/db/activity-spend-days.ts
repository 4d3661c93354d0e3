/**
 * A cost counts on the day its activity ran (DECISIONS.md "Money and metrics"), so changing an
 * activity's `startAt` moves the spend of its costs between days: in one transaction the activity
 * takes its new startAt, each cost whose day changes takes its new `spendDay`, and the day rollups
 * of the tenant, the activity, its campaign and each attributed creator move with them.
 *
 * The write is conditioned on the activity's `costsRevision` (bumped by every cost write) and each
 * cost's `revision`, so a cost written meanwhile sends it round again instead of landing on the old day.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { costDay } from '../domain/dates.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { campaignCondition } from './campaign-links.ts';
import { documentClient, tableName } from './client.ts';
import { spendDayUpdates } from './cost-rollups.ts';
import { storedCostFromItem } from './costs.ts';
import { keys } from './keys.ts';
import { cancellationReasons, queryIndex, transactWriteRetrying } from './operations.ts';

/** DynamoDB's limit of items in one transaction. */
const TRANSACTION_LIMIT = 100;
const ATTEMPTS = 8;

/** Sets the activity's `startAt` and moves its costs' spend to the days it implies in `timeZone`. */
export async function setStartAtMovingSpend(tenantId: string, activityId: string, startAt: string | null, timeZone: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const out = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.activity(tenantId, activityId), ConsistentRead: true, ProjectionExpression: 'campaignId, costsCount, costsRevision' }),
    );
    if (!out.Item) throw notFound('The activity');
    const campaignId = (out.Item.campaignId as string | null | undefined) ?? null;
    const costs = (await queryIndex(keys.costsOfActivity(tenantId, activityId))).map(storedCostFromItem).map((c) => ({ ...c, campaignId }));
    // The index is eventually consistent: until it shows every cost the activity counts, read again.
    if (costs.length !== Number(out.Item.costsCount ?? 0)) {
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      continue;
    }
    const moved = costs.filter((c) => c.spendDay !== costDay(startAt, c.createdAt, timeZone));
    const revision = out.Item.costsRevision as number | undefined;
    const items = [
      {
        Update: {
          TableName: tableName(),
          Key: keys.activity(tenantId, activityId),
          UpdateExpression: 'SET startAt = :startAt, updatedAt = :now ADD costsRevision :one',
          ConditionExpression: `attribute_exists(pk) AND ${campaignCondition(campaignId)} AND ${revision === undefined ? 'attribute_not_exists(costsRevision)' : 'costsRevision = :revision'}`,
          ExpressionAttributeValues: {
            ':startAt': startAt,
            ':now': new Date().toISOString(),
            ':one': 1,
            ...(campaignId ? { ':campaign': campaignId } : { ':null': 'NULL' }),
            ...(revision === undefined ? {} : { ':revision': revision }),
          },
        },
      },
      // Each cost's revision moves too, so an update of it that read the old day is refused, not applied there.
      ...moved.map((c) => ({
        Update: {
          TableName: tableName(),
          Key: keys.cost(tenantId, c.id),
          UpdateExpression: 'SET spendDay = :day ADD revision :one',
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':day': costDay(startAt, c.createdAt, timeZone), ':one': 1, ':revision': c.revision },
        },
      })),
      ...spendDayUpdates(tenantId, moved, moved.map((c) => ({ ...c, spendDay: costDay(startAt, c.createdAt, timeZone) }))),
    ];
    if (items.length > TRANSACTION_LIMIT) throw conflict('The activity has too many costs on different days to move its start at once.');
    try {
      await transactWriteRetrying(items as never);
      return;
    } catch (error) {
      // A cost or the activity changed since they were read: read again.
      if (!cancellationReasons(error)?.includes('ConditionalCheckFailed')) throw error;
    }
  }
  throw conflict('The activity\'s costs kept changing meanwhile; retry.');
}
