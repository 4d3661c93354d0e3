/**
 * The email outbox: every email the service sends is first stored here, in the same transaction
 * as the change that caused it where there is one (the transactional-outbox pattern). Locally,
 * `GET /local/outbox` reads it; in the cloud the table's stream hands each new item to
 * functions/jobs/deliver-outbox.ts, which sends it through SES and settles it here.
 *
 * Settling is the delivery marker: `deliveredAt` and SES's `messageId` (or `rejectedAt` and why,
 * for an email that can never be sent). It is written after SES accepted the email, conditioned on
 * the item being unsettled, and the sender skips an item already settled — so a stream record
 * delivered again (a retried batch, the records after a failed one) sends nothing. The one
 * window left is a crash between SES accepting and the marker being written: the retry sends the
 * email again. That is the deliberate choice: marking before sending would turn the same crash
 * into an email never sent (a lost invitation or deletion code), and SES offers no idempotency
 * key that could close the window, so delivery is at-least-once and a duplicate is rare. An item
 * left unsettled (its record sent to the dead-letter queue) stays visible for a replay
 * (`replayUndelivered`, which `npm run redrive -- --queue outbox` runs).
 *
 * A settled email gets a `ttl`, SETTLED_RETENTION_SECONDS after settling: it holds a code and the
 * recipient's address, which must not live forever, and 30 days is long past any code's validity
 * (deletion and email-change codes expire within a day) while leaving a month to answer "was it
 * sent?" (and match an SES bounce or complaint to it by `messageId`).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { ConflictError, conflict } from '../../domain/errors.ts';
import { defineEntity, getRecord, updateRecord } from '../table/entity.ts';
import { all, has, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { queryItems, queryItemsUpTo } from '../table/query.ts';
import { transact } from '../table/transact.ts';

export const EMAIL_KINDS = ['invitation', 'deletion', 'email_change', 'webhook_disabled'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

const Outbox = defineEntity({
  name: 'The email',
  schema: () =>
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      kind: z.enum(EMAIL_KINDS),
      data: z.record(z.string(), z.unknown()),
      /** When the request that sent it answered (docs/decisions.md's name); SES delivery is `deliveredAt`. */
      sentAt: z.string(),
      deliveredAt: z.optional(z.string()),
      messageId: z.optional(z.string()),
      rejectedAt: z.optional(z.string()),
      rejection: z.optional(z.string()),
      /** Epoch seconds when DynamoDB may remove the settled email (the table's TTL attribute). */
      ttl: z.optional(z.number()),
    }),
  key: keys.outboxEmail,
  queries: {
    /** The whole outbox, by when each email was sent. */
    all: keys.outbox,
    /** The emails sent before an instant and not settled yet. */
    unsettledBefore: (before: string) => ({
      ...collections.outboxBefore(before),
      filter: all(lacks('deliveredAt'), lacks('rejectedAt')),
    }),
  },
});

type StoredEmail = z.infer<typeof Outbox.schema>;

/** The partition every outbox email is put in: the table stream's delivery mapping passes its new items only (infra/outbox-delivery.ts). */
export const OUTBOX_PARTITION = keys.outbox().pk;

/** Whether a stored item (its partition key, as a stream image has it) is an outbox email. */
export const isOutboxItem = (pk: string | undefined): boolean => pk === OUTBOX_PARTITION;
export type Email = Pick<StoredEmail, 'id' | 'to' | 'subject' | 'text' | 'kind' | 'data' | 'sentAt'>;

/** The stored email as it leaves the table (a query result or a stream image), without its delivery marker. */
export function emailOf(item: Record<string, unknown>): Email {
  const { id, to, subject, text, kind, data, sentAt } = Outbox.fromItem(item);
  return { id, to, subject, text, kind, data, sentAt };
}

/** A Put for `TransactWriteItems` that stores the email beside the change that sends it. */
export function outboxPut(email: Omit<Email, 'id' | 'sentAt'>) {
  const id = randomUUID();
  const sentAt = new Date().toISOString();
  return Outbox.tx.put(Outbox.key(sentAt, id), { id, sentAt, ...email });
}

/** The outbox, newest first. */
export async function listOutbox(limit = 100): Promise<Email[]> {
  const items = await queryItemsUpTo(Outbox.query.all(), limit, { newestFirst: true });
  return items.map(emailOf);
}

export type DeliveryOutcome = { messageId: string } | { rejected: string };

/** How long a settled email stays in the table (see the top of this file). */
export const SETTLED_RETENTION_SECONDS = 30 * 24 * 60 * 60;

const settled = (email: Pick<StoredEmail, 'deliveredAt' | 'rejectedAt'>) =>
  email.deliveredAt !== undefined || email.rejectedAt !== undefined;

/** Whether the email still waits for delivery: false once settled, or when the item is gone. */
export async function awaitsDelivery(email: Pick<Email, 'id' | 'sentAt'>): Promise<boolean> {
  // Strongly consistent: a marker written by the previous attempt moments ago must be seen.
  const stored = await getRecord(Outbox, Outbox.key(email.sentAt, email.id), {
    consistent: true,
    attributes: ['deliveredAt', 'rejectedAt'],
  });
  return stored !== undefined && !settled(stored);
}

/**
 * Writes the delivery marker, once: false when the email was already settled (or is gone), so a
 * second delivery can tell it lost the race instead of overwriting the first one's message id.
 */
export async function settleDelivery(email: Pick<Email, 'id' | 'sentAt'>, outcome: DeliveryOutcome): Promise<boolean> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const ttl = Math.floor(now / 1000) + SETTLED_RETENTION_SECONDS;
  const marker =
    'messageId' in outcome
      ? { deliveredAt: at, messageId: outcome.messageId, ttl }
      : { rejectedAt: at, rejection: outcome.rejected, ttl };
  try {
    await updateRecord(
      Outbox,
      Outbox.key(email.sentAt, email.id),
      { set: marker },
      {
        condition: all(has('pk'), lacks('deliveredAt'), lacks('rejectedAt')),
        failure: () => conflict('The email was settled already.'),
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/**
 * Puts every email still unsettled and put before `before` (an ISO instant) again under a fresh id,
 * removing the old item in the same transaction: the table's stream then carries an INSERT, which is
 * all the delivery mapping reacts to (rewriting the item in place would be a MODIFY), so the email
 * is delivered as if new. `sentAt` stays what it was. Returns the ids replayed (or that would be,
 * with `dryRun`). An email settled meanwhile is left alone (the delete's condition).
 */
export async function replayUndelivered(before: string, { dryRun = false } = {}): Promise<string[]> {
  const items = await queryItems(Outbox.query.unsettledBefore(before), { consistent: true });
  const ids: string[] = [];
  for (const item of items) {
    const email = emailOf(item);
    if (!dryRun && !(await reinsert(email))) continue;
    ids.push(email.id);
  }
  return ids;
}

/** The email under a fresh id, the old item gone; false when it was settled (or removed) meanwhile. */
async function reinsert(email: Email): Promise<boolean> {
  const copy = { ...email, id: randomUUID() };
  try {
    await transact([
      Outbox.tx.delete(Outbox.key(email.sentAt, email.id), {
        condition: all(has('pk'), lacks('deliveredAt'), lacks('rejectedAt')),
        failure: () => conflict('The email was settled already.'),
      }),
      Outbox.tx.put(Outbox.key(copy.sentAt, copy.id), copy),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}
