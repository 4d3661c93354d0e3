/**
 * Set-up of the tests of a module that reads its secrets from Secrets Manager in the cloud and from
 * the environment locally (the platform credentials, Stripe): each test starts with those variables
 * unset, a fresh Secrets Manager mock and the module's cache reset, and leaves the variables as
 * they were.
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach } from 'vitest';

/** Registers the hooks; returns the Secrets Manager mock the tests program. */
export function isolatedSecretReads(variables: readonly string[], resetCache: () => void) {
  const secretsManager = mockClient(SecretsManagerClient);
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
    for (const name of variables) delete process.env[name];
    secretsManager.reset();
    resetCache();
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetCache();
  });
  return secretsManager;
}
