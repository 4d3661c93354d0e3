/**
 * The event sources (docs/webhooks.md): the outbound events one item change of the table's stream causes.
 * Each kind of item that events are about has its source (./sources/); an item of any other kind,
 * or a change that causes nothing, gives none. An event's id is derived from the stream record's
 * id and its type, so the same change always gives the same ids (a redelivered stream batch, a
 * retry, a replay), and its timestamp is the change's.
 */
import { createHash } from 'node:crypto';
import type { StreamChange, WebhookEvent, WebhookEventType } from '../domain/webhook-events.ts';
import { activitySource } from './sources/activity.ts';
import { analyticsSource } from './sources/analytics.ts';
import { billingSource } from './sources/billing.ts';
import { campaignSource } from './sources/campaign.ts';
import { memberSource } from './sources/member.ts';
import { outcomeSource } from './sources/outcome.ts';
import type { Source } from './sources/source.ts';

const SOURCES: readonly Source[] = [
  activitySource,
  campaignSource,
  outcomeSource,
  analyticsSource,
  billingSource,
  memberSource,
];

/** `msg_` and 32 hex digits of the sha256 of the stream record's id and the type (Standard Webhooks' ids are opaque, `msg_`-prefixed by convention). */
function eventIdOf(streamEventId: string, type: WebhookEventType): string {
  return `msg_${createHash('sha256').update(`${streamEventId}\u0000${type}`).digest('hex').slice(0, 32)}`;
}

export async function eventsOf(change: StreamChange): Promise<WebhookEvent[]> {
  const item = change.newImage ?? change.oldImage;
  const source = item && SOURCES.find((s) => s.reads(item));
  if (!source) return [];
  const occurrences = await source.occurrences(change);
  return occurrences.map(({ type, tenantId, data }) => ({
    id: eventIdOf(change.eventId, type),
    type,
    tenantId,
    timestamp: change.createdAt,
    data,
  }));
}
