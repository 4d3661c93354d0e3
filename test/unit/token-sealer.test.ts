/**
 * The token sealer: with KMS (mocked with aws-sdk-client-mock) a secret is encrypted and decrypted
 * under the key of ANALYTICS_TOKEN_KEY_ARN with the encryption context {organizationId, purpose},
 * stored as `<purpose>:<base64>`; a value stored before purposes is decrypted under
 * {organizationId} alone and resealed with one ReEncrypt; the local stand-in round-trips, stores no
 * plaintext, and will not open a value sealed for another organization or another purpose.
 */
import { DecryptCommand, EncryptCommand, KMSClient, ReEncryptCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { KmsTokenSealer } from '../../shared/integrations/token-sealer/cloud.ts';
import * as tokenSealer from '../../shared/integrations/token-sealer/index.ts';
import { getTokenSealer, useTokenSealer } from '../../shared/integrations/token-sealer/index.ts';
import { LocalTokenSealer } from '../../shared/integrations/token-sealer/local.ts';

const KEY = 'arn:aws:kms:us-east-1:123456789012:key/0b6f2f2e-1111-4222-8333-444455556666';
const ORG = '7d9f3b5e-2c1a-4e8b-9f0d-1a2b3c4d5e6f';
const CONTEXT = { organizationId: ORG, purpose: 'google-refresh-token' } as const;

describe('KmsTokenSealer', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => {
    kms.reset();
    useTokenSealer(undefined);
  });
  afterAll(() => kms.restore());

  it('encrypts and decrypts under the key with the organization and the purpose as encryption context', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('sealed-bytes') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('1//refresh-token') });
    useTokenSealer(new KmsTokenSealer(KEY, new KMSClient({ region: 'us-east-1' })));

    const sealed = await tokenSealer.seal('google-refresh-token', ORG, '1//refresh-token');
    expect(sealed).toBe(`google-refresh-token:${Buffer.from('sealed-bytes').toString('base64')}`);
    const encrypt = kms.commandCalls(EncryptCommand)[0]!.args[0].input;
    expect(encrypt).toMatchObject({
      KeyId: KEY,
      EncryptionContext: { organizationId: ORG, purpose: 'google-refresh-token' },
    });
    expect(Buffer.from(encrypt.Plaintext!).toString()).toBe('1//refresh-token');

    expect(await tokenSealer.open('google-refresh-token', ORG, sealed)).toBe('1//refresh-token');
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input.EncryptionContext).toEqual({
      organizationId: ORG,
      purpose: 'google-refresh-token',
    });
    // Stored as another kind of secret: refused before KMS is asked.
    await expect(tokenSealer.open('webhook-signing-secret', ORG, sealed)).rejects.toThrow(
      /not a webhook-signing-secret/,
    );
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
  });

  it('opens a value stored before purposes under {organizationId} alone, and reseals it with one ReEncrypt', async () => {
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('whsec_old') });
    kms.on(ReEncryptCommand).resolves({ CiphertextBlob: Buffer.from('resealed-bytes') });
    useTokenSealer(new KmsTokenSealer(KEY, new KMSClient({ region: 'us-east-1' })));
    const old = Buffer.from('old-bytes').toString('base64');

    expect(tokenSealer.sealedWithoutPurpose(old)).toBe(true);
    expect(await tokenSealer.open('webhook-signing-secret', ORG, old)).toBe('whsec_old');
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input.EncryptionContext).toEqual({ organizationId: ORG });

    const resealed = await tokenSealer.resealWithPurpose('webhook-signing-secret', ORG, old);
    expect(resealed).toBe(`webhook-signing-secret:${Buffer.from('resealed-bytes').toString('base64')}`);
    expect(tokenSealer.sealedWithoutPurpose(resealed)).toBe(false);
    const reEncrypt = kms.commandCalls(ReEncryptCommand)[0]!.args[0].input;
    expect(reEncrypt).toMatchObject({
      SourceKeyId: KEY,
      DestinationKeyId: KEY,
      SourceEncryptionContext: { organizationId: ORG },
      DestinationEncryptionContext: { organizationId: ORG, purpose: 'webhook-signing-secret' },
    });
    expect(Buffer.from(reEncrypt.CiphertextBlob!).toString()).toBe('old-bytes');
  });
});

describe('LocalTokenSealer', () => {
  it('round-trips, holds no plaintext, and opens only for the organization and purpose it was sealed for', async () => {
    const sealer = new LocalTokenSealer();
    const context = { organizationId: ORG, purpose: 'google-refresh-token' } as const;
    const sealed = await sealer.seal(context, '1//refresh-token');
    expect(sealed).not.toContain('refresh-token');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('refresh-token');
    expect(await sealer.open(context, sealed)).toBe('1//refresh-token');
    await expect(
      sealer.open({ ...context, organizationId: '00000000-0000-4000-8000-000000000000' }, sealed),
    ).rejects.toThrow();
    await expect(sealer.open({ ...context, purpose: 'webhook-signing-secret' }, sealed)).rejects.toThrow();
    await expect(sealer.open({ organizationId: ORG }, sealed)).rejects.toThrow();
  });

  it('opens what it sealed before purposes (the organization id alone as associated data), and reseals it so only its purpose opens it', async () => {
    const sealer = new LocalTokenSealer();
    const key = (sealer as unknown as { key: Buffer }).key;
    // Exactly as the sealer wrote values before purposes: AES-256-GCM with the bare organization id as associated data.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(ORG));
    const body = Buffer.concat([cipher.update('whsec_old', 'utf8'), cipher.final()]);
    const old = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    expect(await sealer.open({ organizationId: ORG }, old)).toBe('whsec_old');
    const resealed = await sealer.reseal(
      { organizationId: ORG },
      { organizationId: ORG, purpose: 'webhook-signing-secret' },
      old,
    );
    expect(await sealer.open({ organizationId: ORG, purpose: 'webhook-signing-secret' }, resealed)).toBe('whsec_old');
    await expect(sealer.open({ organizationId: ORG }, resealed)).rejects.toThrow();
    await expect(sealer.open({ organizationId: ORG, purpose: 'google-refresh-token' }, resealed)).rejects.toThrow();
  });

  // After a restart of `npm start`, a connected property still opens its token (docs/decisions.md "Web analytics"): the key
  // is kept in the data directory, as the token issuer's is; in memory (`--in-memory`) per process.
  const keyFile = () => join(mkdtempSync(join(tmpdir(), 'sealer-')), 'token-sealer-key');

  it("keeps its key in a file: a second sealer from the same file opens the first one's values", async () => {
    const file = keyFile();
    const sealed = await LocalTokenSealer.load(file).seal(CONTEXT, '1//refresh-token');
    expect(await LocalTokenSealer.load(file).open(CONTEXT, sealed)).toBe('1//refresh-token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await expect(LocalTokenSealer.load(keyFile()).open(CONTEXT, sealed)).rejects.toThrow();
  });

  it('without a file, keeps its key in memory: another sealer cannot open its values', async () => {
    const sealed = await LocalTokenSealer.load().seal(CONTEXT, '1//refresh-token');
    await expect(LocalTokenSealer.load().open(CONTEXT, sealed)).rejects.toThrow();
  });

  describe('getTokenSealer() locally', () => {
    afterEach(() => {
      delete process.env.LOCAL_TOKEN_KEY_FILE;
      useTokenSealer(undefined);
    });

    it("uses the key file of LOCAL_TOKEN_KEY_FILE (the local server's data directory), else a key per process", async () => {
      process.env.LOCAL_TOKEN_KEY_FILE = keyFile();
      useTokenSealer(undefined);
      const sealed = await getTokenSealer().seal(CONTEXT, 'kept');
      useTokenSealer(undefined);
      expect(await getTokenSealer().open(CONTEXT, sealed)).toBe('kept');
      delete process.env.LOCAL_TOKEN_KEY_FILE;
      useTokenSealer(undefined);
      await expect(getTokenSealer().open(CONTEXT, sealed)).rejects.toThrow();
    });
  });
});
