/**
 * The token sealer on KMS: key `ANALYTICS_TOKEN_KEY_ARN`, encryption context `{organizationId}`.
 */
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import type { TokenSealer } from './port.ts';

export class KmsTokenSealer implements TokenSealer {
  constructor(
    private readonly keyArn: string,
    private readonly kms = new KMSClient({}),
  ) {}

  async seal(organizationId: string, token: string): Promise<string> {
    const out = await this.kms.send(new EncryptCommand({ KeyId: this.keyArn, Plaintext: Buffer.from(token, 'utf8'), EncryptionContext: { organizationId } }));
    return Buffer.from(out.CiphertextBlob!).toString('base64');
  }

  async open(organizationId: string, sealed: string): Promise<string> {
    const out = await this.kms.send(new DecryptCommand({ KeyId: this.keyArn, CiphertextBlob: Buffer.from(sealed, 'base64'), EncryptionContext: { organizationId } }));
    return Buffer.from(out.Plaintext!).toString('utf8');
  }
}
