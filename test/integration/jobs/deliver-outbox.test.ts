/**
 * Outbox delivery against DynamoDB Local (SES mocked): emails queued by real requests, handed to
 * the consumer as the stream would, and delivered again as a stream does after a retry — an email
 * goes to SES once, whatever is redelivered.
 */
import { randomUUID } from 'node:crypto';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../functions/jobs/deliver-outbox.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import {
  listOutbox,
  outboxPut,
  SETTLED_RETENTION_SECONDS,
  settleDelivery,
  type Email,
} from '../../../shared/db/email/outbox.ts';
import { call } from '../../support/call.ts';
import { insertRecord, streamEvent, useSesMock } from '../../support/outbox-stream.ts';
import { signUp } from '../../support/users.ts';

const ses = useSesMock();

/** An outbox item as stored: keys, the email, and the delivery marker once settled. */
type StoredEmail = Email & { pk: string; sk: string } & Record<string, unknown>;

/** The stored outbox item (keys and all, as the stream's NEW_IMAGE carries it). */
async function storedItem(email: Pick<Email, 'id' | 'sentAt'>): Promise<StoredEmail> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.outboxEmail(email.sentAt, email.id), ConsistentRead: true }),
  );
  return out.Item as StoredEmail;
}

/** Queues an email-change confirmation through the API and returns its stored outbox item. */
async function queuedEmail(): Promise<StoredEmail> {
  const me = await signUp();
  const newEmail = `new-${randomUUID()}@example.com`;
  expect(
    (await call('POST', `/v1/users/${me.userId}/change-email`, { token: me.token, body: { newEmail } })).status,
  ).toBe(200);
  const [email] = (await listOutbox()).filter((e) => e.to === newEmail);
  return storedItem(email!);
}

const sentTo = (address: unknown) =>
  ses.commandCalls(SendEmailCommand).filter((c) => c.args[0].input.Destination?.ToAddresses?.[0] === address).length;

describe('deliver-outbox against DynamoDB Local', () => {
  it('sends a stream record delivered twice only once, and marks the item with the delivery time and SES message id', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const item = await queuedEmail();
    const record = insertRecord(item);

    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });

    expect(sentTo(item.to)).toBe(1);
    expect(await storedItem(item)).toMatchObject({ deliveredAt: expect.any(String), messageId: 'ses-1' });
    // GET /local/outbox shows the email as before: the marker is the sender's business.
    const listed = (await listOutbox()).find((e) => e.id === item.id);
    expect(Object.keys(listed!).sort()).toEqual(['data', 'id', 'kind', 'sentAt', 'subject', 'text', 'to']);
  });

  it('retries a failed send, and does not send again the records after it that Lambda redelivers with it', async () => {
    const [first, failing, last] = [await queuedEmail(), await queuedEmail(), await queuedEmail()];
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-2' });
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: [failing.to] } })
      .rejectsOnce(new Error('SES throttled'))
      .resolves({ MessageId: 'ses-2' });
    const records = [first, failing, last].map(insertRecord);

    const result = await handler(streamEvent(...records));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: records[1]!.dynamodb!.SequenceNumber }]);
    expect(await storedItem(failing)).not.toHaveProperty('deliveredAt');

    // Lambda retries from the first reported record: it and everything after it in the batch.
    expect(await handler(streamEvent(records[1]!, records[2]!))).toEqual({ batchItemFailures: [] });
    expect([first, failing, last].map((i) => sentTo(i.to))).toEqual([1, 2, 1]);
    expect(await storedItem(failing)).toMatchObject({ deliveredAt: expect.any(String), messageId: 'ses-2' });
  });

  it('gives a settled email a ttl SETTLED_RETENTION_SECONDS after it was settled, delivered or rejected, and none before', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-ttl' });
    const delivered = await queuedEmail();
    expect(delivered).not.toHaveProperty('ttl');
    await handler(streamEvent(insertRecord(delivered)));
    const sent = await storedItem(delivered);
    expect(sent.ttl).toBe(Math.floor(Date.parse(sent.deliveredAt as string) / 1000) + SETTLED_RETENTION_SECONDS);

    const rejected = await queuedEmail();
    expect(await settleDelivery(rejected, { rejected: 'no mailbox' })).toBe(true);
    const refused = await storedItem(rejected);
    expect(refused.ttl).toBe(Math.floor(Date.parse(refused.rejectedAt as string) / 1000) + SETTLED_RETENTION_SECONDS);
  });

  it('settles an unusable recipient as rejected once, never sending it, and a redelivery does nothing', async () => {
    const put = outboxPut({
      to: 'ada@example.com\r\nBcc: mallory@evil.example',
      subject: 'Hi',
      text: 'Hello',
      kind: 'invitation',
      data: {},
    });
    await documentClient().send(new TransactWriteCommand({ TransactItems: [put] }));
    const queued = put.Put.Item as StoredEmail;
    const record = insertRecord(queued);

    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    const settled = await storedItem(queued);
    expect(settled).toMatchObject({ rejectedAt: expect.any(String), rejection: 'Not a single plain email address' });
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });

    expect(
      ses
        .commandCalls(SendEmailCommand)
        .filter((c) => String(c.args[0].input.Destination?.ToAddresses).includes('mallory')),
    ).toEqual([]);
    expect(await storedItem(queued)).toEqual(settled);
  });

  it('writes the marker once: a second settlement of the same email loses and keeps the first message id', async () => {
    const item = await queuedEmail();
    expect(await settleDelivery(item, { messageId: 'first' })).toBe(true);
    expect(await settleDelivery(item, { messageId: 'second' })).toBe(false);
    expect(await settleDelivery(item, { rejected: 'late' })).toBe(false);
    expect(await storedItem(item)).toMatchObject({ messageId: 'first' });
    expect(await storedItem(item)).not.toHaveProperty('rejectedAt');
  });
});
