/** A stream change as the Lambda event source delivers it to a stream consumer: images in DynamoDB JSON, creation time in seconds. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamChange } from '../../shared/domain/webhook-events.ts';

export function streamRecordOf(change: StreamChange): DynamoDBRecord {
  const image = (item: Record<string, unknown> | undefined) =>
    item && (marshall(item, { removeUndefinedValues: true }) as Record<string, AttributeValue>);
  return {
    eventID: change.eventId,
    eventName: change.eventName,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.parse(change.createdAt) / 1000),
      NewImage: image(change.newImage),
      OldImage: image(change.oldImage),
    },
  } as DynamoDBRecord;
}
