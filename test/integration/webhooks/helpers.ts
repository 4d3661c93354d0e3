/**
 * The outbound events' tests: a stream change built from an item's images before and after a real
 * write (GetItem, strongly consistent), as the stream consumer hands it to `eventsOf`.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import type { Key } from '../../../shared/db/table/keys.ts';
import type { StreamChange, WebhookEvent } from '../../../shared/webhooks/events.ts';
import { eventsOf } from '../../../shared/webhooks/event-sources.ts';

export async function itemAt(key: Key): Promise<Record<string, unknown> | undefined> {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

export function changeOf(oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown> | undefined, eventId: string = randomUUID()): StreamChange {
  const eventName = !oldImage ? 'INSERT' : !newImage ? 'REMOVE' : 'MODIFY';
  return { eventId, eventName, createdAt: new Date().toISOString(), ...(oldImage ? { oldImage } : {}), ...(newImage ? { newImage } : {}) };
}

/** The change one write makes to the item at `key`. */
export async function changeBy(key: Key, write: () => Promise<unknown>): Promise<StreamChange> {
  const before = await itemAt(key);
  await write();
  return changeOf(before, await itemAt(key));
}

/** The events of the change one write makes to the item at `key`. */
export async function eventsBy(key: Key, write: () => Promise<unknown>): Promise<WebhookEvent[]> {
  return eventsOf(await changeBy(key, write));
}

/** No key or index attribute of the table in what an event shows. */
export function expectNoKeys(data: Record<string, unknown>): void {
  for (const name of Object.keys(data)) expect(name).not.toMatch(/^(pk|sk|gsi\d+(pk|sk)|creatorFiguresPk)$/);
}
