/**
 * Secrets sealed before the token sealer's purposes (bound to `{organizationId}` alone, as the old
 * sealer wrote them) keep working, and `npm run reindex` (reindexTable) seals them again with their
 * purpose: a webhook endpoint's signing secrets still sign deliveries and an analytics connection's
 * Google refresh token still opens, before and after; afterwards each is bound to its own purpose,
 * so neither opens as the other kind; a value rotated between the scan and the write is left as
 * the rotation wrote it. Against DynamoDB Local, with the local sealer (AES-GCM, the context as
 * associated data, as KMS binds it).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../functions/jobs/webhooks/deliver.ts';
import { getConnection, saveGrant } from '../../../shared/db/analytics/index.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { analyticsKeys, webhookKeys } from '../../../shared/db/table/keys.ts';
import { reindexTable } from '../../../shared/db/maintenance/reindex.ts';
import { resealItem } from '../../../shared/db/maintenance/reseal-secrets.ts';
import { getStoredEndpoint } from '../../../shared/db/webhooks/index.ts';
import * as tokenSealer from '../../../shared/integrations/token-sealer/index.ts';
import { openSecret } from '../../../shared/webhooks/secrets.ts';
import { newOrg, type Org } from '../../support/organizations.ts';
import { newEndpoint } from '../webhooks/helpers.ts';

type Item = Record<string, unknown>;

/** Sealed as the sealer sealed before purposes: the bare base64, under `{organizationId}` alone. */
const sealedTheOldWay = (organizationId: string, value: string) =>
  tokenSealer.getTokenSealer().seal({ organizationId }, value);

const item = async (key: { pk: string; sk: string }): Promise<Item> =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
const setRaw = (key: { pk: string; sk: string }, values: Item) =>
  documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${Object.keys(values)
        .map((_name, i) => `#n${i} = :v${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((name, i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(values).map((value, i) => [`:v${i}`, value])),
    }),
  );

/** A delivery's signature verifies with `secret`. */
async function signsWith(org: Org, endpointId: string, secret: string): Promise<boolean> {
  const stored = (await getStoredEndpoint(org.organizationId, endpointId))!;
  const at = new Date();
  const header = await signatureHeader(stored, 'msg_1', at, '{"type":"member.joined"}');
  const headers = {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': header,
  };
  try {
    new Webhook(secret).verify('{"type":"member.joined"}', headers);
    return true;
  } catch {
    return false;
  }
}

let org: Org;
let endpointId: string;
const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const PREVIOUS = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
const GRANT = '1//old-google-refresh-token';

beforeEach(async () => {
  org = await newOrg('Sealed Before');
  endpointId = (await newEndpoint(org)).id;
  // Both stored as they were before purposes: the endpoint (with a previous secret still in use) and the grant.
  await setRaw(webhookKeys.endpoint(org.organizationId, endpointId), {
    sealedSecret: await sealedTheOldWay(org.organizationId, SECRET),
    previousSealedSecret: await sealedTheOldWay(org.organizationId, PREVIOUS),
    previousSecretExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await saveGrant(org.organizationId, {
    sealedRefreshToken: await sealedTheOldWay(org.organizationId, GRANT),
    connectedBy: org.owner.userId,
  });
});

describe('secrets sealed before purposes', () => {
  it('still sign deliveries and open as Google grants before they are resealed', async () => {
    expect(
      tokenSealer.sealedWithoutPurpose((await getStoredEndpoint(org.organizationId, endpointId))!.sealedSecret),
    ).toBe(true);
    expect(await signsWith(org, endpointId, SECRET)).toBe(true);
    expect(await signsWith(org, endpointId, PREVIOUS)).toBe(true);
    expect(
      await tokenSealer.open(
        'google-refresh-token',
        org.organizationId,
        (await getConnection(org.organizationId))!.sealedRefreshToken,
      ),
    ).toBe(GRANT);
  });

  it('are sealed again with their purpose by the reindex, and still work', async () => {
    const counts = await reindexTable();
    expect(counts.sealedSecret.updated).toBeGreaterThanOrEqual(2);
    const endpoint = await item(webhookKeys.endpoint(org.organizationId, endpointId));
    const connection = await item(analyticsKeys.connection(org.organizationId));
    expect(endpoint.sealedSecret).toMatch(/^webhook-signing-secret:/);
    expect(endpoint.previousSealedSecret).toMatch(/^webhook-signing-secret:/);
    expect(connection.sealedRefreshToken).toMatch(/^google-refresh-token:/);
    expect(await signsWith(org, endpointId, SECRET)).toBe(true);
    expect(await signsWith(org, endpointId, PREVIOUS)).toBe(true);
    expect(
      await tokenSealer.open('google-refresh-token', org.organizationId, connection.sealedRefreshToken as string),
    ).toBe(GRANT);

    // Bound to its purpose now: neither opens as the other kind, whatever prefix it is given.
    const tokenBytes = String(connection.sealedRefreshToken).split(':')[1]!;
    await expect(openSecret(org.organizationId, connection.sealedRefreshToken as string)).rejects.toThrow();
    await expect(openSecret(org.organizationId, `webhook-signing-secret:${tokenBytes}`)).rejects.toThrow();
    await expect(openSecret(org.organizationId, tokenBytes)).rejects.toThrow();
    await expect(
      tokenSealer.open('google-refresh-token', org.organizationId, endpoint.sealedSecret as string),
    ).rejects.toThrow();

    // A second run has nothing of this organization's left to reseal.
    await reindexTable();
    expect((await item(webhookKeys.endpoint(org.organizationId, endpointId))).sealedSecret).toBe(endpoint.sealedSecret);
    expect((await item(analyticsKeys.connection(org.organizationId))).sealedRefreshToken).toBe(
      connection.sealedRefreshToken,
    );
  });

  it('a secret rotated between the scan and the write is left as the rotation wrote it', async () => {
    const scanned = await item(webhookKeys.endpoint(org.organizationId, endpointId));
    const rotated = await tokenSealer.seal('webhook-signing-secret', org.organizationId, 'whsec_rotated');
    await setRaw(webhookKeys.endpoint(org.organizationId, endpointId), { sealedSecret: rotated });
    expect(await resealItem(scanned)).toBe('skipped');
    expect((await item(webhookKeys.endpoint(org.organizationId, endpointId))).sealedSecret).toBe(rotated);
  });

  it('a dry run counts what it would reseal and writes nothing', async () => {
    const before = await item(webhookKeys.endpoint(org.organizationId, endpointId));
    expect(await resealItem(before, { dryRun: true })).toBe('updated');
    expect((await item(webhookKeys.endpoint(org.organizationId, endpointId))).sealedSecret).toBe(before.sealedSecret);
  });
});
