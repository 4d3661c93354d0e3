/**
 * The secrets sealed before purposes were added to the token sealer's encryption context
 * (shared/integrations/token-sealer/index.ts): an analytics connection's Google refresh token and
 * a webhook endpoint's signing secrets, bound to `{organizationId}` alone. Each is sealed again
 * with its purpose (KMS ReEncrypt in the cloud: the value never leaves KMS), so that once every
 * one is resealed the stack's `legacySealedSecrets` can be turned off and each role's grant opens
 * only its own kind of secret. Part of `npm run reindex` (reindex.ts).
 *
 * Each item is written on the condition that its sealed fields are still as read: a reconnection
 * or a rotation meanwhile wrote a value with its purpose, and wins (counted as skipped).
 */
import { Connections } from '../analytics/analytics.ts';
import { Endpoints } from '../webhooks/endpoints.ts';
import * as tokenSealer from '../../integrations/token-sealer/index.ts';
import type { SealPurpose } from '../../integrations/token-sealer/port.ts';
import { conditionHeld, updateRecord, type EntityOf } from '../table/entity.ts';
import { all, asRead, exists } from '../table/expressions.ts';
import { isEntity } from '../table/keys.ts';

type Item = Record<string, unknown>;

interface SealedKind {
  entity: EntityOf<Item>;
  holds(item: Item): boolean;
  purpose: SealPurpose;
  fields: readonly string[];
}

/** The items that keep a sealed secret, the purpose of that secret, and the fields that hold it. */
const SEALED: readonly SealedKind[] = [
  {
    entity: Connections as unknown as EntityOf<Item>,
    holds: (item) => String(item.pk).startsWith('TENANT#') && item.sk === Connections.key('').sk,
    purpose: 'google-refresh-token',
    fields: ['sealedRefreshToken'],
  },
  {
    entity: Endpoints as unknown as EntityOf<Item>,
    holds: (item) => isEntity(item, 'webhookEndpoint'),
    purpose: 'webhook-signing-secret',
    fields: ['sealedSecret', 'previousSealedSecret'],
  },
];

/** Whether a scanned item keeps a sealed secret (reindex.ts counts those). */
export const keepsSealedSecret = (item: Item): boolean => SEALED.some((kind) => kind.holds(item));

/** Reseals the item's secrets stored without a purpose: 'current' when none is, else 'updated', or 'skipped' when one changed meanwhile. */
export async function resealItem(
  item: Item,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<'current' | 'updated' | 'skipped'> {
  const kind = SEALED.find((k) => k.holds(item));
  const stale = kind
    ? kind.fields.filter((name) => typeof item[name] === 'string' && tokenSealer.sealedWithoutPurpose(item[name]))
    : [];
  if (!kind || !stale.length) return 'current';
  if (dryRun) return 'updated';
  const organizationId = String(item.pk).slice('TENANT#'.length);
  const set = Object.fromEntries(
    await Promise.all(
      stale.map(
        async (name) =>
          [name, await tokenSealer.resealWithPurpose(kind.purpose, organizationId, item[name] as string)] as const,
      ),
    ),
  );
  const condition = all(exists, ...stale.map((name) => asRead(name, item[name])));
  const key = { pk: String(item.pk), sk: String(item.sk) };
  return (await conditionHeld((failure) => updateRecord(kind.entity, key, { set }, { condition, failure })))
    ? 'updated'
    : 'skipped';
}
