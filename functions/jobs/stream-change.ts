/** A DynamoDB stream record (as Lambda delivers it) as the StreamChange the event sources read. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StreamChange } from '../../shared/domain/webhook-events.ts';

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];

// The Lambda event types describe the same AttributeValue shape as the SDK's, less precisely.
const imageOf = (image: Image) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

export function streamChangeOf(record: DynamoDBRecord): StreamChange | undefined {
  if (!record.eventID || !record.eventName) return undefined;
  const seconds = record.dynamodb?.ApproximateCreationDateTime;
  const oldImage = imageOf(record.dynamodb?.OldImage);
  const newImage = imageOf(record.dynamodb?.NewImage);
  return {
    eventId: record.eventID,
    eventName: record.eventName,
    createdAt: new Date(seconds ? seconds * 1000 : Date.now()).toISOString(),
    ...(oldImage ? { oldImage } : {}),
    ...(newImage ? { newImage } : {}),
  };
}
