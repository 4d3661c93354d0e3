/**
 * Webhook endpoints (docs/webhooks.md): an organization's URLs that receive its events, each with the
 * event types it subscribes to and its signing secret. The secret is stored sealed (the token
 * sealer, shared/webhooks/secrets.ts) beside the record and never returned by a read: the record
 * the API shows is `WebhookEndpoint`, the item holds `sealedSecret` too, and after a rotation the
 * previous one (`previousSealedSecret`) until `previousSecretExpiresAt`. An organization has few
 * endpoints (at most MAX_ENDPOINTS): its list is one query of its partition, paged in memory.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { conflict } from '../../domain/errors.ts';
import { webhookDisabledEmail } from '../../domain/webhook-disabled-email.ts';
import { WebhookEndpointSchema, type WebhookEndpoint } from '../../records/webhook.ts';
import type { WebhookEventType } from '../../domain/webhook-events.ts';
import { outboxPut } from '../email/outbox.ts';
import { conditionHeld, defineEntity, getRecord, updateRecord, type Changes } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import * as collections from '../table/collections.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import { absent, all, any, compare, equals, has, lacks } from '../table/expressions.ts';
import { webhookKeys } from '../table/keys.ts';
import { pageOf, sortRecords, type Page, type PageRequest } from '../table/paging.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { transact, type TransactItem } from '../table/transact.ts';
import { getTenant } from '../tenancy/tenants.ts';
import { membershipsOfTenant } from '../tenancy/memberships.ts';
import { getUsers } from '../tenancy/users.ts';
import { deleteDeliveriesOf } from './deliveries.ts';
export type { WebhookEndpoint } from '../../records/webhook.ts';

export const Endpoints = defineEntity({
  name: 'The webhook endpoint',
  schema: () =>
    z.object({
      ...WebhookEndpointSchema.shape,
      sealedSecret: z.string(),
      previousSealedSecret: z.optional(z.nullable(z.string())),
    }),
  key: webhookKeys.endpoint,
  queries: {
    /** Every endpoint of the organization (a handful: the fan-out reads them per event). */
    ofTenant: collections.webhookEndpointsOfTenant,
  },
});

/** An endpoint as stored: the record and its sealed secrets (for the delivery worker and rotation only). */
export type StoredEndpoint = z.infer<typeof Endpoints.schema>;

/** The record the API shows: the stored item without its secrets. */
export function publicEndpoint(stored: StoredEndpoint): WebhookEndpoint {
  const { sealedSecret: _sealed, previousSealedSecret: _previous, ...endpoint } = stored;
  return endpoint;
}

/** The item-to-record mapping of the by-id routes: never the secrets. */
export const endpointFromItem = (item: Record<string, unknown>): WebhookEndpoint =>
  publicEndpoint(Endpoints.fromItem(item));

/**
 * The endpoints an organization may have. Every event's fan-out reads them all and puts a delivery
 * for each subscriber on the queue all organizations share, so without a cap one organization could
 * turn each of its events into thousands of deliveries (GitHub allows 20 webhooks per repository).
 */
export const MAX_ENDPOINTS = 20;

/** One endpoint more on the counter (webhookKeys.endpointCount), refused at the cap. */
function countAdded(tenantId: string): TransactItem {
  return {
    ...aggregateUpdate(
      webhookKeys.endpointCount(tenantId),
      { counts: { endpoints: 1 } },
      { condition: any(lacks('endpoints'), compare('endpoints', '<', MAX_ENDPOINTS)) },
    )!,
    failure: () =>
      conflict(
        `The organization has ${MAX_ENDPOINTS} webhook endpoints, the most it may have: delete one to add another.`,
      ),
  };
}

/** One endpoint less on the counter. */
function countRemoved(tenantId: string): TransactItem {
  return aggregateUpdate(webhookKeys.endpointCount(tenantId), { counts: { endpoints: -1 } }, { mustExist: false })!;
}

export interface NewEndpoint {
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  description: string | null;
}

export async function createEndpoint(
  tenantId: string,
  input: NewEndpoint,
  sealedSecret: string,
): Promise<WebhookEndpoint> {
  const now = new Date().toISOString();
  const stored: StoredEndpoint = {
    id: randomUUID(),
    organizationId: tenantId,
    ...input,
    failingSince: null,
    disabledReason: null,
    previousSecretExpiresAt: null,
    sealedSecret,
    previousSealedSecret: null,
    createdAt: now,
    updatedAt: now,
  };
  const key = Endpoints.key(tenantId, stored.id);
  await transact([
    Endpoints.tx.put(key, stored, { condition: absent }),
    pointerPut('webhookEndpoint', stored.id, tenantId, key),
    countAdded(tenantId),
  ]);
  return publicEndpoint(stored);
}

/** Every endpoint of the organization, secrets included (fan-out, delivery). */
export async function storedEndpointsOf(tenantId: string): Promise<StoredEndpoint[]> {
  return queryRecords(Endpoints.query.ofTenant(tenantId));
}

/** One page of the organization's endpoints, newest first. */
export async function listEndpoints(tenantId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
  const all = sortRecords(await storedEndpointsOf(tenantId), (e) => e.createdAt, 'desc');
  const { items, totalCount } = pageOf(all, page);
  return { items: items.map(publicEndpoint), totalCount };
}

/** Of an organization's endpoints, the enabled ones subscribed to an event type: where an event of it is delivered. */
export function subscribedTo(endpoints: readonly StoredEndpoint[], type: WebhookEventType): StoredEndpoint[] {
  return endpoints.filter((e) => e.enabled && e.events.includes(type));
}

export async function getStoredEndpoint(tenantId: string, endpointId: string): Promise<StoredEndpoint | undefined> {
  return getRecord(Endpoints, Endpoints.key(tenantId, endpointId), { consistent: true });
}

export type EndpointChanges = Partial<NewEndpoint>;

/**
 * Applies an owner's changes. Enabling an endpoint (again) clears what the service recorded of its
 * failures, so a re-enabled endpoint gets 3 more days before it is disabled again.
 */
export async function updateEndpoint(
  tenantId: string,
  endpointId: string,
  changes: EndpointChanges,
): Promise<WebhookEndpoint> {
  const set: Changes<StoredEndpoint>['set'] = { ...changes, updatedAt: new Date().toISOString() };
  if (changes.enabled === true) Object.assign(set, { failingSince: null, disabledReason: null });
  if (changes.enabled === false) Object.assign(set, { disabledReason: null });
  return publicEndpoint(await updateRecord(Endpoints, Endpoints.key(tenantId, endpointId), { set }));
}

/** Deletes the endpoint and its pointer, then its delivery log (their pointers with them). */
export async function deleteEndpoint(tenantId: string, endpointId: string): Promise<void> {
  await transact([
    Endpoints.tx.delete(Endpoints.key(tenantId, endpointId)),
    pointerDelete(endpointId),
    countRemoved(tenantId),
  ]);
  await deleteDeliveriesOf(tenantId, endpointId);
}

/**
 * Makes `sealedSecret` the endpoint's secret, keeping the one it replaces as the previous secret
 * until `previousExpiresAt`. Conditioned on the secret read being still the current one: of two
 * concurrent rotations one answers 409, rather than both keeping a "previous" secret that no
 * longer signs anything.
 */
export async function rotateEndpointSecret(
  tenantId: string,
  endpointId: string,
  sealedSecret: string,
  previousExpiresAt: string,
): Promise<void> {
  const key = Endpoints.key(tenantId, endpointId);
  const stored = await getRecord(Endpoints, key, { consistent: true, attributes: ['sealedSecret'] });
  if (!stored) throw Endpoints.missing();
  await updateRecord(
    Endpoints,
    key,
    {
      set: {
        sealedSecret,
        previousSealedSecret: stored.sealedSecret,
        previousSecretExpiresAt: previousExpiresAt,
        updatedAt: new Date().toISOString(),
      },
    },
    {
      condition: all(has('pk'), equals('sealedSecret', stored.sealedSecret)),
      failure: () => conflict('The secret was rotated concurrently; retry.'),
    },
  );
}

/** A delivery succeeded: the endpoint is no longer failing. */
export async function markEndpointHealthy(tenantId: string, endpointId: string): Promise<void> {
  await updateRecord(
    Endpoints,
    Endpoints.key(tenantId, endpointId),
    { set: { failingSince: null } },
    { condition: null },
  );
}

/**
 * A delivery failed at `at`: the endpoint is failing since then unless it was already. Answers
 * since when it is failing (undefined when the endpoint is gone).
 */
export async function markEndpointFailing(
  tenantId: string,
  endpointId: string,
  at: string,
): Promise<string | undefined> {
  const stored = await getStoredEndpoint(tenantId, endpointId);
  if (!stored) return undefined;
  if (stored.failingSince) return stored.failingSince;
  await updateRecord(Endpoints, Endpoints.key(tenantId, endpointId), { set: { failingSince: at } });
  return at;
}

/**
 * Disables an endpoint that has failed for too long, and emails the organization's owners in the
 * same transaction (the outbox, shared/db/email/outbox.ts). Only an enabled endpoint is disabled:
 * false when another delivery did it first (the owners are emailed once) or it is gone.
 */
export async function disableFailingEndpoint(
  tenantId: string,
  endpoint: Pick<StoredEndpoint, 'id' | 'url' | 'failingSince'>,
): Promise<boolean> {
  const [tenant, memberships] = await Promise.all([getTenant(tenantId), membershipsOfTenant(tenantId)]);
  const owners = memberships.filter((m) => m.role === 'owner' && m.status === 'active');
  const users = await getUsers(owners.map((m) => m.userId));
  const emails = [...users.values()].flatMap((user) => (user.email ? [user.email] : []));
  const now = new Date().toISOString();
  const message = webhookDisabledEmail({
    organizationName: tenant?.name ?? 'your organization',
    url: endpoint.url,
    failingSince: endpoint.failingSince ?? now,
  });
  return conditionHeld((failure) =>
    transact([
      Endpoints.tx.update(
        Endpoints.key(tenantId, endpoint.id),
        { set: { enabled: false, disabledReason: 'failing', updatedAt: now } },
        {
          condition: all(has('pk'), equals('enabled', true)),
          failure,
        },
      ),
      ...emails.map((to) =>
        outboxPut({
          to,
          ...message,
          kind: 'webhook_disabled',
          data: { organizationId: tenantId, endpointId: endpoint.id },
        }),
      ),
    ]),
  );
}
