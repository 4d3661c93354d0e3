/**
 * Where the Stripe client gets its key and signing secret: in the cloud from the Secrets Manager
 * secret named by STRIPE_SECRET_ARN (read once, the env holds only the ARN), locally from the env.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../shared/config.ts';
import { stripeSecrets } from '../../shared/integrations/billing/cloud.ts';
import { useBilling } from '../../shared/integrations/billing/index.ts';
import { isolatedSecretReads } from '../support/secret-reads.ts';

const VARIABLES = ['STRIPE_SECRET_ARN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:StripeSecret-abc';
const secretsManager = isolatedSecretReads(VARIABLES, () => useBilling(undefined));

describe('stripeSecrets', () => {
  it('reads the secret named by its ARN once, even for concurrent first uses', async () => {
    process.env.STRIPE_SECRET_ARN = ARN;
    secretsManager
      .on(GetSecretValueCommand, { SecretId: ARN })
      .resolves({ SecretString: JSON.stringify({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' }) });
    const read = await Promise.all([stripeSecrets(), stripeSecrets()]);
    expect(read).toEqual([
      { secretKey: 'sk_live_x', webhookSecret: 'whsec_x' },
      { secretKey: 'sk_live_x', webhookSecret: 'whsec_x' },
    ]);
    expect(await stripeSecrets()).toBe(read[0]);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('refuses a secret without both values, and reads again on the next use after a failure', async () => {
    process.env.STRIPE_SECRET_ARN = ARN;
    secretsManager
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ secretKey: 'sk_live_x' }) })
      .resolves({ SecretString: JSON.stringify({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' }) });
    await expect(stripeSecrets()).rejects.toBeInstanceOf(ConfigError);
    expect(await stripeSecrets()).toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
  });

  it('takes the values from the environment locally, and fails with a configuration error without either', async () => {
    await expect(stripeSecrets()).rejects.toBeInstanceOf(ConfigError);
    useBilling(undefined);
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_local' });
    expect(await stripeSecrets()).toEqual({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local' });
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
