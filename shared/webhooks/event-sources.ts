/**
 * The events a change of the table gives (issue 28). This version derives `member.joined` only: a
 * membership written active (a tenant's creator, an added member) or turning active (a pending
 * invitation accepted, a removed member added again). The full set of event sources replaces this
 * file (branch webhooks-events); its signature stays.
 */
import { createHash } from 'node:crypto';
import type { StreamChange, WebhookEvent, WebhookEventType } from './events.ts';

/** A stable event id: the same stream change always gives the same id (it is the `webhook-id`). */
export function eventIdOf(change: StreamChange, type: WebhookEventType): string {
  return `evt_${createHash('sha256').update(`${change.eventId}\u0000${type}`).digest('hex').slice(0, 32)}`;
}

const isMembership = (image: Record<string, unknown> | undefined) =>
  typeof image?.pk === 'string' && image.pk.startsWith('TENANT#') && typeof image.sk === 'string' && /^MEMBER#[^#]+$/.test(image.sk);

/** A membership that counts: active, not removed. */
const standsActive = (image: Record<string, unknown> | undefined) => isMembership(image) && image!.status === 'active' && image!.deletedAt === undefined;

function memberJoined(change: StreamChange): WebhookEvent[] {
  const { oldImage, newImage } = change;
  if (!standsActive(newImage) || (change.eventName !== 'INSERT' && change.eventName !== 'MODIFY')) return [];
  // A MODIFY of a membership that already stood active (a role change) is no joining.
  if (change.eventName === 'MODIFY' && standsActive(oldImage)) return [];
  const m = newImage!;
  const tenantId = String(m.tenantId);
  return [
    {
      id: eventIdOf(change, 'member.joined'),
      type: 'member.joined',
      tenantId,
      timestamp: change.createdAt,
      data: { organizationId: tenantId, membershipId: m.id, userId: m.userId, role: m.role, joinedAt: m.acceptedAt ?? m.updatedAt ?? m.createdAt },
    },
  ];
}

export async function eventsOf(change: StreamChange): Promise<WebhookEvent[]> {
  return memberJoined(change);
}
