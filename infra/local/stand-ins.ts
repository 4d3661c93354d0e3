/**
 * What the cloud's resources are on this machine: the DynamoDB Local table, the S3 emulator's
 * buckets, the local token issuer and the fakes' settings. `npm start` puts all of it in its own
 * environment (the source handlers share one process); the built-bundle test gives each function
 * only what its environment in the synthesized template names, each reference resolved here.
 */

export interface LocalStandIns {
  /** What Lambda's runtime gives every function (region, credentials) and the emulators' endpoints. */
  runtime: Record<string, string>;
  tableName: string;
  buckets: { avatars: string; files: string; exports: string };
  /** The local issuer's JWT_ISSUER, JWT_AUDIENCE and its keys inline (JWT_JWKS: it has no https JWKS URI). */
  issuer: Record<string, string>;
  /** The fake Stripe's URL, key, webhook secret and prices. */
  stripe: Record<string, string>;
  /** The fake platforms' credentials and URLs. */
  platforms: Record<string, string>;
  /** The fake Google's OAuth client and URLs. */
  googleAnalytics: Record<string, string>;
  webClientUrl: string;
  /** The analytics token sealer's key file; without one, each process has a key of its own. */
  tokenKeyFile?: string;
  /** The local API's own URL, once it listens. */
  apiUrl: string;
}

export const oauthRedirectUri = (apiUrl: string) => `${apiUrl}/v1/analytics-oauth/callback`;

/** The one environment of `npm start`, where every handler runs in the server's process. */
export function localEnvironment(s: LocalStandIns): Record<string, string> {
  return {
    ...s.runtime,
    TABLE_NAME: s.tableName,
    AVATARS_BUCKET: s.buckets.avatars,
    FILES_BUCKET: s.buckets.files,
    EXPORTS_BUCKET: s.buckets.exports,
    ...s.issuer,
    ...s.stripe,
    ...s.platforms,
    ...s.googleAnalytics,
    WEB_CLIENT_URL: s.webClientUrl,
  };
}

const pick = (from: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, from[name]!]));

/**
 * A template variable whose value is a reference (`Ref`, `Fn::GetAtt`, `Fn::Join` of a resource of
 * the stack), by name: what it becomes here. A secret's ARN becomes the values the function would
 * read from the secret, which locally come directly from the environment (docs/configuration.md).
 */
const REFERENCES: Record<string, (s: LocalStandIns) => Record<string, string>> = {
  TABLE_NAME: (s) => ({ TABLE_NAME: s.tableName }),
  AVATARS_BUCKET: (s) => ({ AVATARS_BUCKET: s.buckets.avatars }),
  FILES_BUCKET: (s) => ({ FILES_BUCKET: s.buckets.files }),
  EXPORTS_BUCKET: (s) => ({ EXPORTS_BUCKET: s.buckets.exports }),
  // Unset is the local runner (shared/integrations/export-queue/index.ts), plugged in `npm start`'s own
  // process only: an export created through a function in a worker stays queued.
  EXPORTS_QUEUE_URL: () => ({}),
  // Unset is the local queue (shared/integrations/refresh-queue/index.ts), plugged in `npm start`'s own
  // process only: a function in a worker queues nothing, and the due index, which the local
  // refresh reads, still has the activity (a queued reading is only a shortcut).
  METRICS_QUEUE_URL: () => ({}),
  // Likewise the local webhook queue (infra/local/webhooks.ts): a replay served by a function in a
  // worker queues nothing.
  WEBHOOK_DELIVERY_QUEUE_URL: () => ({}),
  STRIPE_SECRET_ARN: (s) => pick(s.stripe, ['STRIPE_API_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
  PLATFORM_CREDENTIALS_SECRET_ARN: (s) => s.platforms,
  GOOGLE_OAUTH_SECRET_ARN: (s) => s.googleAnalytics,
  // Unset is the local AES stand-in of the KMS key, shared through its key file.
  ANALYTICS_TOKEN_KEY_ARN: (s): Record<string, string> =>
    s.tokenKeyFile ? { LOCAL_TOKEN_KEY_FILE: s.tokenKeyFile } : {},
  ANALYTICS_OAUTH_REDIRECT_URI: (s) => ({ ANALYTICS_OAUTH_REDIRECT_URI: oauthRedirectUri(s.apiUrl) }),
  API_URL: (s) => ({ API_URL: s.apiUrl }),
};

/**
 * One function's environment from its `Environment.Variables` in the template: plain values as
 * they are (synthesize with the local issuer and the fake Stripe's prices for them to match),
 * references resolved by name (a reference not known here fails, naming it), plus what the Lambda
 * runtime and the emulators give every function. A function that verifies tokens also gets the
 * local issuer's keys inline: the issuer has no https JWKS URI to fetch them from.
 */
export function templateEnvironment(
  functionName: string,
  variables: Record<string, unknown>,
  s: LocalStandIns,
): Record<string, string> {
  const env: Record<string, string> = { ...s.runtime };
  for (const [name, value] of Object.entries(variables)) {
    if (typeof value === 'string') env[name] = value;
    else if (REFERENCES[name]) Object.assign(env, REFERENCES[name](s));
    else
      throw new Error(
        `${functionName}: ${name} is ${JSON.stringify(value)}, a reference with no local stand-in (infra/local/stand-ins.ts)`,
      );
  }
  if (env.JWT_ISSUER && s.issuer.JWT_JWKS) env.JWT_JWKS = s.issuer.JWT_JWKS;
  return env;
}
