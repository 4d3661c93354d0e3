// One use of the Secrets Manager client, made at the first request as the billing and analytics ports read their secrets.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

export async function use(): Promise<void> {
  client ??= new SecretsManagerClient({});
  await client.send(new GetSecretValueCommand({ SecretId: 'reference' }));
}
