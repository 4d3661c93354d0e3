/**
 * The outbound events' tests: a stream change built from an item's images before and after a real
 * write (itemAt: GetItem, strongly consistent), as the stream consumer hands it to `eventsOf`; and
 * endpoint registration through the API for the handler tests.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Key } from '../../../shared/db/table/keys.ts';
import type { StreamChange, WebhookEvent } from '../../../shared/domain/webhook-events.ts';
import { eventsOf } from '../../../shared/webhooks/event-sources.ts';
import { call } from '../../support/call.ts';
import { itemAt } from '../../support/items.ts';
import type { Org } from '../../support/organizations.ts';

export { itemAt };

export function changeOf(
  oldImage: Record<string, unknown> | undefined,
  newImage: Record<string, unknown> | undefined,
  eventId: string = randomUUID(),
): StreamChange {
  const eventName = !oldImage ? 'INSERT' : !newImage ? 'REMOVE' : 'MODIFY';
  return {
    eventId,
    eventName,
    createdAt: new Date().toISOString(),
    ...(oldImage ? { oldImage } : {}),
    ...(newImage ? { newImage } : {}),
  };
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

/** A public address given literally: registration resolves nothing and no test connects to it. */
export const PUBLIC_URL = 'https://93.184.215.14/hooks';

/** POST /v1/webhooks/endpoints as the organization's owner; the 201's data (endpoint and secret). */
export async function newEndpoint(org: Org, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await call('POST', '/v1/webhooks/endpoints', {
    token: org.owner.token,
    body: { organizationId: org.organizationId, url: PUBLIC_URL, events: ['member.joined'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
