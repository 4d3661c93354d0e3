/**
 * For the outbox delivery tests: DynamoDB Streams records built by hand in the documented shape
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_Record.html, images
 * in AttributeValue form, as the event source mapping delivers them), and SES mocked for the file.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useMailer } from '../../shared/integrations/email/index.ts';

export const TEST_SENDER = 'no-reply@mail.example.com';

let sequence = 1_000;

/** The stream record of a newly put item: INSERT, keys and NEW_IMAGE, a fresh sequence number. */
export function insertRecord(item: Record<string, unknown>): DynamoDBRecord {
  const image = marshall(item, { removeUndefinedValues: true }) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
  sequence += 1;
  return {
    eventID: `event-${sequence}`,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: { pk: image!.pk!, sk: image!.sk! },
      NewImage: image,
      SequenceNumber: String(sequence).padStart(21, '0'),
      SizeBytes: JSON.stringify(item).length,
      StreamViewType: 'NEW_IMAGE',
    },
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:123456789012:table/test/stream/2026-01-01T00:00:00.000',
  };
}

export function streamEvent(...records: DynamoDBRecord[]): DynamoDBStreamEvent {
  return { Records: records };
}

/** SES mocked (every SESv2Client's `send`) for the calling test file, reset before each test. */
export function useSesMock(): AwsStub<any, any, any> {
  const ses = mockClient(SESv2Client);
  beforeAll(() => {
    process.env.EMAIL_SENDER = TEST_SENDER;
    useMailer(undefined);
  });
  beforeEach(() => ses.reset());
  afterAll(() => ses.restore());
  return ses;
}
