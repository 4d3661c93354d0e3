/**
 * Email-change codes are emails anyone can make the service send to any address, so they are
 * limited per sender and per recipient (docs/decisions.md "Tenants, memberships and roles"): 5 requests
 * per user per hour and 3 codes per recipient address per hour, counted across the two routes that
 * send one (`change-email` and PATCH /v1/users/:id with a new email). Past either: 429
 * `rate_limited` with Retry-After (the seconds until the hour window ends), no email, nothing written.
 * The clock is frozen 30 s before an hour ends, so Retry-After is exact and no window ends mid-test.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { listOutbox } from '../../../shared/db/email/outbox.ts';
import { call, type CallResult } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';

const HOUR = 3_600_000;
/** The start of the current hour: the instants below are before it or just after, never in the future. */
const hourStart = () => Math.floor(Date.now() / HOUR) * HOUR;

const address = (label = 'new') => `${label}-${randomUUID()}@example.com`;

const changeEmail = (user: TestUser, newEmail: string) =>
  call('POST', `/v1/users/${user.userId}/change-email`, { token: user.token, body: { newEmail } });
const patchEmail = (user: TestUser, email: string, extra: Record<string, unknown> = {}) =>
  call('PATCH', `/v1/users/${user.userId}`, { token: user.token, body: { email, ...extra } });

/** The emails of the outbox sent to `to`, whatever the case of the address. */
async function emailsTo(to: string) {
  return (await listOutbox(1000)).filter((e) => e.to.toLowerCase() === to.toLowerCase());
}

async function pendingChange(userId: string) {
  return (
    await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.emailChange(userId), ConsistentRead: true }),
    )
  ).Item;
}

function expectRateLimited(res: CallResult, retryAfterSeconds: number, detail: RegExp): void {
  expectProblem(res, 429, 'rate_limited');
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(res.body.detail).toMatch(detail);
}

describe('email-change requests per user', () => {
  it('lets 5 through in an hour, across both routes; the 6th on either route is 429 until the hour ends, and sends and writes nothing', async () => {
    const me = await signUp('Changer');
    const end = hourStart();
    const sent: string[] = [];
    await atInstant(end - 30_000, async () => {
      for (let i = 0; i < 5; i++) {
        const to = address();
        const res = i % 2 ? await patchEmail(me, to) : await changeEmail(me, to);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        sent.push(to);
      }
      const lastRequest = await pendingChange(me.userId);

      const refused = address('refused');
      expectRateLimited(await changeEmail(me, refused), 30, /5 email changes/);
      // With a name beside it: the whole request is refused, the name is not changed either.
      expectRateLimited(await patchEmail(me, refused, { name: 'Renamed' }), 30, /5 email changes/);
      expect(await emailsTo(refused)).toEqual([]);
      expect(await pendingChange(me.userId)).toEqual(lastRequest);
      expect((await call('GET', `/v1/users/${me.userId}`, { token: me.token })).body.data.name).toBe('Changer');
    });
    for (const to of sent) expect(await emailsTo(to)).toHaveLength(1);

    // The next hour is a new window.
    await atInstant(end + 1000, async () => {
      expect((await changeEmail(me, address())).status).toBe(200);
    });
  });

  it('counts concurrent requests atomically: of 8 at once, 5 are sent and 3 refused', async () => {
    const me = await signUp('Racer');
    await atInstant(hourStart() - 30_000, async () => {
      const targets = Array.from({ length: 8 }, () => address('race'));
      const answers = await Promise.all(targets.map((to, i) => (i % 2 ? patchEmail(me, to) : changeEmail(me, to))));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const delivered = (await Promise.all(targets.map(emailsTo))).flat();
      expect(delivered).toHaveLength(5);
    });
  });
});

describe('email-change codes per recipient address', () => {
  it('sends an address at most 3 codes an hour, from any accounts, on either route, whatever the case of the address', async () => {
    const target = address('target');
    const end = hourStart();
    const senders = await Promise.all([1, 2, 3, 4].map((n) => signUp(`Sender ${n}`)));
    await atInstant(end - 30_000, async () => {
      expect((await changeEmail(senders[0]!, target)).status).toBe(200);
      expect((await patchEmail(senders[1]!, target.toUpperCase())).status).toBe(200);
      expect((await changeEmail(senders[2]!, target.replace('target', 'TARGET'))).status).toBe(200);

      const fourth = senders[3]!;
      expectRateLimited(await changeEmail(fourth, target), 30, /3 email-change codes/);
      expectRateLimited(
        await patchEmail(fourth, target.toUpperCase(), { jobRole: 'Changed' }),
        30,
        /3 email-change codes/,
      );
      // Surrounding spaces are no way around it: such an address is not valid input.
      expectProblem(await changeEmail(fourth, `  ${target} `), 400, 'invalid_input', 'any');
      expect(await emailsTo(target)).toHaveLength(3);
      expect(await pendingChange(fourth.userId)).toBeUndefined();
      expect((await call('GET', `/v1/users/${fourth.userId}`, { token: fourth.token })).body.data.jobRole).toBeNull();
      // The refused sender's own quota was not used: it may still send 5 codes elsewhere.
      for (let i = 0; i < 5; i++) expect((await changeEmail(fourth, address())).status).toBe(200);
    });

    await atInstant(end + 1000, async () => {
      expect((await changeEmail(senders[3]!, target)).status).toBe(200);
    });
  });

  it('counts the +tag subaddresses of one mailbox together: a tag per request is no way around the limit', async () => {
    const mailbox = randomUUID();
    const senders = await Promise.all([1, 2, 3, 4].map((n) => signUp(`Tagger ${n}`)));
    await atInstant(hourStart() - 30_000, async () => {
      for (const [i, tag] of ['+a', '', '+b'].entries()) {
        expect((await changeEmail(senders[i]!, `${mailbox}${tag}@example.com`)).status).toBe(200);
      }
      expectRateLimited(
        await changeEmail(senders[3]!, `${mailbox.toUpperCase()}+c@Example.com`),
        30,
        /3 email-change codes/,
      );
      expect(await emailsTo(`${mailbox}+c@example.com`)).toEqual([]);
    });
  });

  it('counts the dotted and googlemail.com spellings of one Gmail mailbox together', async () => {
    const name = randomUUID().replaceAll('-', '').slice(0, 12);
    const dotted = (at: number) => `${name.slice(0, at)}.${name.slice(at)}`;
    const senders = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => signUp(`Gmailer ${n}`)));
    await atInstant(hourStart() - 30_000, async () => {
      for (const [i, to] of [`${name}@gmail.com`, `${dotted(1)}@gmail.com`, `${name}@googlemail.com`].entries()) {
        expect((await changeEmail(senders[i]!, to)).status).toBe(200);
      }
      for (const [i, to] of [
        `${dotted(2)}@gmail.com`,
        `${dotted(3)}@googlemail.com`,
        `${dotted(4).toUpperCase()}+x@GMAIL.com`,
      ].entries()) {
        expectRateLimited(await changeEmail(senders[3 + i]!, to), 30, /3 email-change codes/);
        expect(await emailsTo(to)).toEqual([]);
      }
    });
  });

  it('counts concurrent requests to one address atomically: of 6 accounts at once, 3 are sent', async () => {
    const target = address('contested');
    const senders = await Promise.all(Array.from({ length: 6 }, (_, n) => signUp(`Contender ${n}`)));
    await atInstant(hourStart() - 30_000, async () => {
      const answers = await Promise.all(
        senders.map((s, i) => (i % 2 ? patchEmail(s, target) : changeEmail(s, target.toUpperCase()))),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      expect(await emailsTo(target)).toHaveLength(3);
    });
  });
});
