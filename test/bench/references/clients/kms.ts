// One use of the KMS client, made at the first request as token-sealer/cloud.ts makes its client.
import { EncryptCommand, KMSClient } from '@aws-sdk/client-kms';

let client: KMSClient | undefined;

export async function use(): Promise<void> {
  client ??= new KMSClient({});
  await client.send(new EncryptCommand({ KeyId: process.env.KEY_ID, Plaintext: new Uint8Array(8) }));
}
