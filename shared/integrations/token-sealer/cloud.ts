/**
 * The token sealer on KMS: key `ANALYTICS_TOKEN_KEY_ARN`, encryption context `{organizationId,
 * purpose}` (`{organizationId}` for values sealed before purposes); resealing is one ReEncrypt on
 * the same key, so the value never leaves KMS.
 */
import { DecryptCommand, EncryptCommand, KMSClient, ReEncryptCommand } from '@aws-sdk/client-kms';
import type { SealContext, TokenSealer } from './port.ts';

/** The context as KMS takes it: a purpose only where there is one. */
const encryptionContext = ({ organizationId, purpose }: SealContext): Record<string, string> =>
  purpose ? { organizationId, purpose } : { organizationId };

export class KmsTokenSealer implements TokenSealer {
  constructor(
    private readonly keyArn: string,
    private readonly kms = new KMSClient({}),
  ) {}

  async seal(context: SealContext, value: string): Promise<string> {
    const out = await this.kms.send(
      new EncryptCommand({
        KeyId: this.keyArn,
        Plaintext: Buffer.from(value, 'utf8'),
        EncryptionContext: encryptionContext(context),
      }),
    );
    return Buffer.from(out.CiphertextBlob!).toString('base64');
  }

  async open(context: SealContext, sealed: string): Promise<string> {
    const out = await this.kms.send(
      new DecryptCommand({
        KeyId: this.keyArn,
        CiphertextBlob: Buffer.from(sealed, 'base64'),
        EncryptionContext: encryptionContext(context),
      }),
    );
    return Buffer.from(out.Plaintext!).toString('utf8');
  }

  async reseal(from: SealContext, to: SealContext, sealed: string): Promise<string> {
    const out = await this.kms.send(
      new ReEncryptCommand({
        CiphertextBlob: Buffer.from(sealed, 'base64'),
        SourceKeyId: this.keyArn,
        SourceEncryptionContext: encryptionContext(from),
        DestinationKeyId: this.keyArn,
        DestinationEncryptionContext: encryptionContext(to),
      }),
    );
    return Buffer.from(out.CiphertextBlob!).toString('base64');
  }
}
