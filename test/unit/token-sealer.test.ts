/**
 * The analytics refresh token's sealing: with KMS (mocked with aws-sdk-client-mock) the token is
 * encrypted and decrypted under the key of ANALYTICS_TOKEN_KEY_ARN with the encryption context
 * {organizationId}; the local stand-in round-trips, stores no plaintext, and will not open a token
 * sealed for another organization.
 */
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KmsTokenSealer } from '../../shared/integrations/token-sealer/cloud.ts';
import { getTokenSealer, useTokenSealer } from '../../shared/integrations/token-sealer/index.ts';
import { LocalTokenSealer } from '../../shared/integrations/token-sealer/local.ts';

const KEY = 'arn:aws:kms:us-east-1:123456789012:key/0b6f2f2e-1111-4222-8333-444455556666';
const ORG = '7d9f3b5e-2c1a-4e8b-9f0d-1a2b3c4d5e6f';

describe('KmsTokenSealer', () => {
  it('encrypts and decrypts under the key with the organization as encryption context', async () => {
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('sealed-bytes') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('1//refresh-token') });
    const sealer = new KmsTokenSealer(KEY, new KMSClient({ region: 'us-east-1' }));

    const sealed = await sealer.seal(ORG, '1//refresh-token');
    expect(sealed).toBe(Buffer.from('sealed-bytes').toString('base64'));
    const encrypt = kms.commandCalls(EncryptCommand)[0]!.args[0].input;
    expect(encrypt).toMatchObject({ KeyId: KEY, EncryptionContext: { organizationId: ORG } });
    expect(Buffer.from(encrypt.Plaintext!).toString()).toBe('1//refresh-token');

    expect(await sealer.open(ORG, sealed)).toBe('1//refresh-token');
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input).toMatchObject({ KeyId: KEY, EncryptionContext: { organizationId: ORG } });
    kms.restore();
  });
});

describe('LocalTokenSealer', () => {
  it('round-trips, holds no plaintext, and opens only for the organization it was sealed for', async () => {
    const sealer = new LocalTokenSealer();
    const sealed = await sealer.seal(ORG, '1//refresh-token');
    expect(sealed).not.toContain('refresh-token');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('refresh-token');
    expect(await sealer.open(ORG, sealed)).toBe('1//refresh-token');
    await expect(sealer.open('00000000-0000-4000-8000-000000000000', sealed)).rejects.toThrow();
  });

  // After a restart of `npm start`, a connected property still opens its token (docs/decisions.md "Web analytics"): the key
  // is kept in the data directory, as the token issuer's is; in memory (`--in-memory`) per process.
  const keyFile = () => join(mkdtempSync(join(tmpdir(), 'sealer-')), 'token-sealer-key');

  it('keeps its key in a file: a second sealer from the same file opens the first one\'s values', async () => {
    const file = keyFile();
    const sealed = await LocalTokenSealer.load(file).seal(ORG, '1//refresh-token');
    expect(await LocalTokenSealer.load(file).open(ORG, sealed)).toBe('1//refresh-token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await expect(LocalTokenSealer.load(keyFile()).open(ORG, sealed)).rejects.toThrow();
  });

  it('without a file, keeps its key in memory: another sealer cannot open its values', async () => {
    const sealed = await LocalTokenSealer.load().seal(ORG, '1//refresh-token');
    await expect(LocalTokenSealer.load().open(ORG, sealed)).rejects.toThrow();
  });

  describe('getTokenSealer() locally', () => {
    afterEach(() => {
      delete process.env.LOCAL_TOKEN_KEY_FILE;
      useTokenSealer(undefined);
    });

    it('uses the key file of LOCAL_TOKEN_KEY_FILE (the local server\'s data directory), else a key per process', async () => {
      process.env.LOCAL_TOKEN_KEY_FILE = keyFile();
      useTokenSealer(undefined);
      const sealed = await getTokenSealer().seal(ORG, 'kept');
      useTokenSealer(undefined);
      expect(await getTokenSealer().open(ORG, sealed)).toBe('kept');
      delete process.env.LOCAL_TOKEN_KEY_FILE;
      useTokenSealer(undefined);
      await expect(getTokenSealer().open(ORG, sealed)).rejects.toThrow();
    });
  });
});
