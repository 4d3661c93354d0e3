/**
 * The outbox stream consumer and its mailer, with SES and DynamoDB mocked (aws-sdk-client-mock):
 * what SES is asked to send, header hygiene (control characters never reach a header), and which
 * records a batch reports as failed. Redelivery against a real table is
 * test/integration/jobs/deliver-outbox.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { MessageRejected, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../functions/jobs/deliver-outbox.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import { SETTLED_RETENTION_SECONDS, type Email } from '../../shared/db/email/outbox.ts';
import { headerText, mailAddress } from '../../shared/integrations/email/cloud.ts';
import { UndeliverableEmail } from '../../shared/integrations/email/port.ts';
import { insertRecord, streamEvent, TEST_SENDER, useSesMock } from '../support/outbox-stream.ts';

const ses = useSesMock();
const ddb = mockClient(DynamoDBDocumentClient);
afterAll(() => ddb.restore());

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).callsFake((input) => ({ Item: { pk: input.Key.pk } }));
  ddb.on(UpdateCommand).resolves({});
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message-1' });
});

function outboxItem(overrides: Partial<Email> = {}): Record<string, unknown> {
  const email: Email = {
    id: randomUUID(),
    to: 'ada@example.com',
    subject: 'You are invited to Acme',
    text: 'Accept the invitation at https://app.example.com/invites/1.\nSee you there.',
    kind: 'invitation',
    data: { organizationId: randomUUID() },
    sentAt: new Date().toISOString(),
    ...overrides,
  };
  return { ...keys.outboxEmail(email.sentAt, email.id), ...email };
}

const sent = () => ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
/** The marker updates, their `#name` placeholders written out (the data layer names every attribute by placeholder). */
const markers = () =>
  ddb.commandCalls(UpdateCommand).map(({ args: [{ input }] }) => {
    const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
    const resolve = (expression?: string) =>
      expression?.replace(/#\w+/g, (placeholder) => names[placeholder] ?? placeholder);
    return {
      ...input,
      UpdateExpression: resolve(input.UpdateExpression),
      ConditionExpression: resolve(input.ConditionExpression),
    };
  });

describe('deliver-outbox handler', () => {
  it('sends the outbox email through SES from the configured sender, as UTF-8 simple content, and marks it delivered', async () => {
    const item = outboxItem();
    const result = await handler(streamEvent(insertRecord(item)));

    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent()).toEqual([
      {
        FromEmailAddress: TEST_SENDER,
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: 'You are invited to Acme', Charset: 'UTF-8' },
            Body: { Text: { Data: item.text, Charset: 'UTF-8' } },
          },
        },
      },
    ]);
    expect(markers()).toEqual([
      expect.objectContaining({
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET deliveredAt = :v0, messageId = :v1, ttl = :v2',
        // Kept SETTLED_RETENTION_SECONDS after delivery (DynamoDB's TTL removes it then).
        ExpressionAttributeValues: { ':v0': expect.any(String), ':v1': 'ses-message-1', ':v2': expect.any(Number) },
        ConditionExpression: expect.stringContaining('attribute_not_exists(deliveredAt)'),
      }),
    ]);
    const [{ ExpressionAttributeValues: values }] = markers() as unknown as [
      { ExpressionAttributeValues: Record<string, unknown> },
    ];
    expect(values[':v2']).toBe(Math.floor(Date.parse(values[':v0'] as string) / 1000) + SETTLED_RETENTION_SECONDS);
  });

  it('reports a record whose send fails in batchItemFailures, leaves it unmarked, and still sends the others', async () => {
    const [first, failing, last] = [outboxItem(), outboxItem({ to: 'bounce@example.com' }), outboxItem()];
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['bounce@example.com'] } })
      .rejects(new MessageRejected({ message: 'Email address is not verified.', $metadata: {} }));
    const records = [first, failing, last].map(insertRecord);

    const result = await handler(streamEvent(...records));

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: records[1]!.dynamodb!.SequenceNumber }]);
    expect(sent().map((input) => input.Destination?.ToAddresses)).toEqual([
      ['ada@example.com'],
      ['bounce@example.com'],
      ['ada@example.com'],
    ]);
    expect(markers().map((input) => input.Key)).toEqual([first, last].map((i) => ({ pk: i.pk, sk: i.sk })));
  });

  it('logs each record by event id and email id with its outcome, counts Emails sent and failed, and never logs an address or text', async () => {
    const [sentItem, failing, rejected] = [
      outboxItem(),
      outboxItem({ to: 'bounce@example.com' }),
      outboxItem({ to: 'ada@example.com, mallory@evil.example' }),
    ];
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['bounce@example.com'] } })
      .rejects(new MessageRejected({ message: 'Email address is not verified.', $metadata: {} }));
    const records = [sentItem, failing, rejected].map(insertRecord);
    const saved = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    const lines: string[] = [];
    const capture = (chunk: unknown) => void lines.push(...String(chunk).split('\n').filter(Boolean));
    const spies = [
      vi.spyOn(console, 'log').mockImplementation(capture),
      vi.spyOn(console, 'warn').mockImplementation(capture),
      vi.spyOn(console, 'error').mockImplementation(capture),
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        capture(chunk);
        return true;
      }),
    ];
    try {
      await handler(streamEvent(...records));
    } finally {
      for (const spy of spies) spy.mockRestore();
      process.env.LOG_LEVEL = saved;
    }
    const entries = lines.map((line) => JSON.parse(line));
    const perRecord = entries
      .filter((e) => e.message === 'deliver-outbox: record')
      .map(({ eventId, emailId, outcome }) => ({ eventId, emailId, outcome }));
    expect(perRecord).toEqual([
      { eventId: records[0]!.eventID, emailId: sentItem.id, outcome: 'sent' },
      { eventId: records[1]!.eventID, emailId: failing.id, outcome: 'failed' },
      { eventId: records[2]!.eventID, emailId: rejected.id, outcome: 'rejected' },
    ]);
    const emails = entries.filter((e) => 'Emails' in e).map(({ outcome, Emails }) => ({ outcome, Emails }));
    expect(emails).toEqual(
      expect.arrayContaining([
        { outcome: 'sent', Emails: 1 },
        { outcome: 'failed', Emails: 2 },
      ]),
    );
    expect(entries.find((e) => e.message === 'job')).toMatchObject({ job: 'deliver-outbox', outcome: 'ok' });
    for (const item of [sentItem, failing, rejected]) {
      for (const secret of [item.to, 'mallory@evil.example', item.subject, item.text])
        expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('cleans control characters out of the subject: a CR/LF cannot start another header', async () => {
    await handler(
      streamEvent(
        insertRecord(outboxItem({ subject: 'You are invited to Acme\r\nBcc: mallory@evil.example\u0000\u2028!' })),
      ),
    );
    expect(sent()[0]!.Content!.Simple!.Subject).toEqual({
      Data: 'You are invited to Acme Bcc: mallory@evil.example !',
      Charset: 'UTF-8',
    });
  });

  it('keeps a non-ASCII subject as it is (SES encodes it as UTF-8) and sends to an internationalized domain in punycode', async () => {
    await handler(
      streamEvent(
        insertRecord(outboxItem({ to: 'zoe@bücher.example', subject: 'Einladung zu Müller & Söhne — 日本' })),
      ),
    );
    expect(sent()[0]).toMatchObject({
      Destination: { ToAddresses: ['zoe@xn--bcher-kva.example'] },
      Content: { Simple: { Subject: { Data: 'Einladung zu Müller & Söhne — 日本', Charset: 'UTF-8' } } },
    });
  });

  it('never sends to a recipient with control characters or a second address: it settles the email as rejected, without retries', async () => {
    const items = [
      outboxItem({ to: 'ada@example.com\r\nBcc: mallory@evil.example' }),
      outboxItem({ to: 'ada@example.com, mallory@evil.example' }),
    ];
    const result = await handler(streamEvent(...items.map(insertRecord)));

    expect(sent()).toEqual([]);
    expect(result.batchItemFailures).toEqual([]);
    expect(markers().map((input) => input.UpdateExpression)).toEqual([
      expect.stringContaining('rejectedAt'),
      expect.stringContaining('rejectedAt'),
    ]);
  });

  it('sends nothing for an email already settled by an earlier delivery', async () => {
    ddb.on(GetCommand).resolves({ Item: { pk: 'OUTBOX', deliveredAt: new Date().toISOString() } });
    const result = await handler(streamEvent(insertRecord(outboxItem())));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent()).toEqual([]);
    expect(markers()).toEqual([]);
  });

  it('ignores stream records that are not new outbox items (the mapping filters them out already)', async () => {
    const modify = { ...insertRecord(outboxItem()), eventName: 'MODIFY' as const };
    const other = insertRecord({ pk: 'USER#1', sk: 'PROFILE', to: 'ada@example.com' });
    expect(await handler(streamEvent(modify, other))).toEqual({ batchItemFailures: [] });
    expect(sent()).toEqual([]);
  });

  it('fails (to be retried) rather than drops an email when the configured sender is unusable', async () => {
    const configured = process.env.EMAIL_SENDER;
    process.env.EMAIL_SENDER = 'no-reply@mail.example.com\nBcc: mallory@evil.example';
    try {
      const record = insertRecord(outboxItem());
      expect(await handler(streamEvent(record))).toEqual({
        batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }],
      });
      expect(markers()).toEqual([]);
    } finally {
      process.env.EMAIL_SENDER = configured;
    }
  });
});

describe('mailer header hygiene', () => {
  it.each([
    ['Line\r\nBreak', 'Line Break'],
    ['Tab\tand\u007fdel', 'Tab and del'],
    ['NEL\u0085and separators\u2028\u2029here', 'NEL and separators here'],
    ['  trailing\n', 'trailing'],
    ['Ünïcödé stays — ✓', 'Ünïcödé stays — ✓'],
  ])('subject %j becomes %j', (input, expected) => {
    expect(headerText(input)).toBe(expected);
  });

  it.each(['ada@example.com', 'first.last+tag@sub.example.co.uk', "o'brien@example.com"])(
    'accepts the plain address %s',
    (address) => {
      expect(mailAddress(address)).toBe(address);
    },
  );

  it.each([
    'ada@example.com\r\nBcc: mallory@evil.example',
    'ada@exa\nmple.com',
    'ada\n@example.com',
    'ada@example.com, mallory@evil.example',
    'Ada <ada@example.com>',
    '"ada"@example.com',
    'ada @example.com',
    'adä@example.com',
    'ada@ex%41mple.com',
    'ada@localhost',
    '@example.com',
    'ada@',
    'ada',
  ])('refuses %j', (address) => {
    expect(() => mailAddress(address)).toThrow(UndeliverableEmail);
  });
});
