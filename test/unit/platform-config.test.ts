/**
 * Where the platform adapters get their credentials: in the cloud from the one Secrets Manager
 * secret named by PLATFORM_CREDENTIALS_SECRET_ARN (read once per container), locally from the
 * environment; base URLs from the environment, defaulting to the platforms' own APIs.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_NAMES,
  loadPlatformConfig,
  resetPlatformConfig,
} from '../../shared/integrations/platforms/config.ts';
import { isolatedSecretReads } from '../support/secret-reads.ts';

const VARIABLES = [
  ...CREDENTIAL_NAMES,
  'PLATFORM_CREDENTIALS_SECRET_ARN',
  'YOUTUBE_API_BASE_URL',
  'REDDIT_API_BASE_URL',
  'REDDIT_AUTH_BASE_URL',
  'X_API_BASE_URL',
  'INSTAGRAM_API_BASE_URL',
];
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:PlatformCredentials-abc';
const secretsManager = isolatedSecretReads(VARIABLES, resetPlatformConfig);

describe('loadPlatformConfig', () => {
  it('reads the secret once, even for concurrent first uses; platforms without credentials in it are left out', async () => {
    process.env.PLATFORM_CREDENTIALS_SECRET_ARN = ARN;
    secretsManager.on(GetSecretValueCommand, { SecretId: ARN }).resolves({
      SecretString: JSON.stringify({
        YOUTUBE_API_KEY: 'yt',
        X_BEARER_TOKEN: 'xb',
        REDDIT_CLIENT_ID: 'only-the-id',
        INSTAGRAM_ACCESS_TOKEN: 42,
      }),
    });
    const [first, second] = await Promise.all([loadPlatformConfig(), loadPlatformConfig()]);
    expect(first).toEqual({
      youtube: { apiKey: 'yt', baseUrl: 'https://www.googleapis.com/youtube/v3' },
      twitter: { bearerToken: 'xb', baseUrl: 'https://api.x.com' },
    });
    expect(second).toBe(first);
    expect(await loadPlatformConfig()).toBe(first);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('reads again on the next use after a failed read', async () => {
    process.env.PLATFORM_CREDENTIALS_SECRET_ARN = ARN;
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: JSON.stringify({ X_BEARER_TOKEN: 'xb' }) });
    await expect(loadPlatformConfig()).rejects.toThrow('throttled');
    expect((await loadPlatformConfig()).twitter?.bearerToken).toBe('xb');
  });

  it('locally takes credentials and base URLs from the environment', async () => {
    Object.assign(process.env, {
      REDDIT_CLIENT_ID: 'id',
      REDDIT_CLIENT_SECRET: 'secret',
      REDDIT_API_BASE_URL: 'http://127.0.0.1:9/reddit/',
      REDDIT_AUTH_BASE_URL: 'http://127.0.0.1:9/reddit-www',
      INSTAGRAM_ACCESS_TOKEN: 'tok',
    });
    const config = await loadPlatformConfig();
    expect(config).toEqual({
      reddit: {
        clientId: 'id',
        clientSecret: 'secret',
        baseUrl: 'http://127.0.0.1:9/reddit',
        authBaseUrl: 'http://127.0.0.1:9/reddit-www',
        userAgent: expect.stringContaining('creator-measurement'),
      },
    });
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
