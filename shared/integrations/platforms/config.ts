/**
 * The platform adapters' credentials and addresses. In the cloud the credentials come from one
 * Secrets Manager secret (JSON with the same names as the local variables) whose ARN is
 * `PLATFORM_CREDENTIALS_SECRET_ARN`, read once per container; locally from the environment.
 * Base URLs come from the environment in both cases (`npm start` points them at its fakes); the
 * defaults are the platforms' own APIs. A platform whose credentials are absent gets no config,
 * and its adapter answers `platform_credentials_missing`.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../../config.ts';

export interface PlatformConfig {
  youtube?: { apiKey: string; baseUrl: string };
  reddit?: { clientId: string; clientSecret: string; baseUrl: string; authBaseUrl: string; userAgent: string };
  twitter?: { bearerToken: string; baseUrl: string };
  instagram?: { accessToken: string; businessAccountId: string; baseUrl: string; apiVersion: string };
}

/** The credential names, in the environment and in the secret alike. */
export const CREDENTIAL_NAMES = [
  'YOUTUBE_API_KEY',
  'REDDIT_CLIENT_ID',
  'REDDIT_CLIENT_SECRET',
  'X_BEARER_TOKEN',
  'INSTAGRAM_ACCESS_TOKEN',
  'INSTAGRAM_BUSINESS_ACCOUNT_ID',
] as const;

type Credentials = Partial<Record<(typeof CREDENTIAL_NAMES)[number], string>>;

type Env = Record<string, string | undefined>;

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** Which platforms the credentials cover, at the addresses `vars` names (else the platforms' own). */
export function platformConfigFrom(c: Credentials, vars: Env = process.env): PlatformConfig {
  const env = (name: string): string | undefined => vars[name] || undefined;
  const out: PlatformConfig = {};
  if (c.YOUTUBE_API_KEY)
    out.youtube = {
      apiKey: c.YOUTUBE_API_KEY,
      baseUrl: trimmed(env('YOUTUBE_API_BASE_URL') ?? 'https://www.googleapis.com/youtube/v3'),
    };
  if (c.REDDIT_CLIENT_ID && c.REDDIT_CLIENT_SECRET) {
    out.reddit = {
      clientId: c.REDDIT_CLIENT_ID,
      clientSecret: c.REDDIT_CLIENT_SECRET,
      baseUrl: trimmed(env('REDDIT_API_BASE_URL') ?? 'https://oauth.reddit.com'),
      authBaseUrl: trimmed(env('REDDIT_AUTH_BASE_URL') ?? 'https://www.reddit.com'),
      // Reddit's API rules ask for a unique, descriptive User-Agent; a generic one gets throttled.
      userAgent: env('REDDIT_USER_AGENT') ?? 'server:creator-measurement:v1 (metrics refresh)',
    };
  }
  if (c.X_BEARER_TOKEN)
    out.twitter = { bearerToken: c.X_BEARER_TOKEN, baseUrl: trimmed(env('X_API_BASE_URL') ?? 'https://api.x.com') };
  if (c.INSTAGRAM_ACCESS_TOKEN && c.INSTAGRAM_BUSINESS_ACCOUNT_ID) {
    out.instagram = {
      accessToken: c.INSTAGRAM_ACCESS_TOKEN,
      businessAccountId: c.INSTAGRAM_BUSINESS_ACCOUNT_ID,
      baseUrl: trimmed(env('INSTAGRAM_API_BASE_URL') ?? 'https://graph.facebook.com'),
      apiVersion: env('INSTAGRAM_API_VERSION') ?? 'v21.0',
    };
  }
  return out;
}

async function load(): Promise<PlatformConfig> {
  const arn = process.env.PLATFORM_CREDENTIALS_SECRET_ARN;
  if (!arn) return platformConfigFrom(process.env);
  const out = await new SecretsManagerClient({ region: config.region() }).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  const value: unknown = JSON.parse(out.SecretString ?? '{}');
  const secret = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  // Only string values count: a mistyped entry leaves its platform unconfigured rather than half-set.
  return platformConfigFrom(
    Object.fromEntries(
      CREDENTIAL_NAMES.map((name) => [name, typeof secret[name] === 'string' ? secret[name] : undefined]),
    ),
  );
}

let cached: Promise<PlatformConfig> | undefined;

/** The configuration, read once per container (a failed read is retried by the next call). */
export function loadPlatformConfig(): Promise<PlatformConfig> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forget the configuration (tests and the local server change the environment). */
export function resetPlatformConfig(): void {
  cached = undefined;
}
