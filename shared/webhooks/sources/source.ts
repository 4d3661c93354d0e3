/**
 * What every event source shares: an occurrence is an event before it has its id and timestamp
 * (event-sources.ts gives both, from the stream record), and a source turns one item change of
 * the kind it reads into the occurrences it causes.
 */
import type { StreamChange, WebhookEventType } from '../../domain/webhook-events.ts';

/** A stored item as the stream shows it (unmarshalled: keys, index attributes and all). */
export type Image = Record<string, unknown>;

export interface Occurrence {
  type: WebhookEventType;
  tenantId: string;
  data: Record<string, unknown>;
}

export interface Source {
  /** Whether the item is of the kind this source reads (by its keys). */
  reads(item: Image): boolean;
  occurrences(change: StreamChange): Promise<Occurrence[]>;
}

const TENANT_PREFIX = 'TENANT#';

/** Whether the item lives in a tenant's partition (keys.ts: `TENANT#<tenantId>`). */
export const inTenant = (item: Image) => typeof item.pk === 'string' && item.pk.startsWith(TENANT_PREFIX);

/** The tenant whose partition holds the item. */
export const tenantIdOf = (item: Image) => String(item.pk).slice(TENANT_PREFIX.length);

/** One occurrence, or none: the sources say "this change causes this event" as one expression. */
export const when = (
  cause: boolean,
  occurrence: () => Occurrence | Promise<Occurrence | undefined>,
): Promise<Occurrence[]> => (cause ? Promise.resolve(occurrence()).then((o) => (o ? [o] : [])) : Promise.resolve([]));
