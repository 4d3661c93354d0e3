/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (infra/bundling.ts aliases
 * that package to this file); tests and `npm start` run the real one.
 *
 * Why: the SDK's default chain (environment, SSO, ini files, credential process, web identity,
 * container and instance metadata) bundles the STS, SSO and sign-in clients it might need, about
 * 135 KB minified in every function (users/get: 442,027 -> 306,800 bytes), parsed at every cold start. A Lambda function never gets past
 * its first link: the runtime puts the execution role's credentials in AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, which is exactly what `fromEnv` reads. Every SDK
 * client and our presigner (shared/integrations/storage-urls/cloud.ts) get their credentials through
 * `defaultProvider`, so this one file decides it for all of them.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type Init = Parameters<typeof fromEnv>[0];

export const defaultProvider = (init: Init = {}) => fromEnv(init);

// The package's two other exports, with the same meaning: credentials with an expiry are refreshed
// five minutes before it.
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
