/**
 * Configuration, read from the environment through one typed getter so that a missing
 * variable fails with its name instead of surfacing later as `undefined`.
 * Values are read lazily (on first use) so tests and the local server can set them first.
 */

export class ConfigError extends Error {}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new ConfigError(`Missing required environment variable ${name}`);
  }
  return value;
}

function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export const config = {
  /** The single DynamoDB table. */
  tableName: () => required('TABLE_NAME'),
  /** DynamoDB endpoint override (DynamoDB Local); unset in the cloud. */
  dynamoEndpoint: () => optional('DYNAMODB_ENDPOINT'),
  /** S3 endpoint override (the local S3 emulator); unset in the cloud. */
  s3Endpoint: () => optional('S3_ENDPOINT'),
  avatarsBucket: () => required('AVATARS_BUCKET'),
  filesBucket: () => required('FILES_BUCKET'),
  /** Where exports write their files (kept 7 days by the bucket's lifecycle rule). */
  exportsBucket: () => required('EXPORTS_BUCKET'),
  region: () => optional('AWS_REGION') ?? 'us-east-1',
  /** Expected `iss` of bearer tokens. */
  jwtIssuer: () => required('JWT_ISSUER'),
  /** Expected `aud` (or Cognito `client_id`) of bearer tokens; comma-separated for several. */
  jwtAudience: () =>
    required('JWT_AUDIENCE')
      .split(',')
      .map((a) => a.trim()),
  /** Where the issuer publishes its keys (https). Defaults to `<issuer>/.well-known/jwks.json`. */
  jwksUri: () => optional('JWT_JWKS_URI'),
  /** The issuer's JWKS inline (local issuer only: aws-jwt-verify fetches https URIs only). */
  jwksJson: () => optional('JWT_JWKS'),
  /** Cognito user pool id: verify Cognito access tokens (`client_id` instead of `aud`). */
  cognitoUserPoolId: () => optional('COGNITO_USER_POOL_ID'),
  /** The From address of every email (an SES-verified identity); cloud only, locally the outbox is the inbox. */
  emailSender: () => required('EMAIL_SENDER'),
  /** Stripe's API key and webhook signing secret, read from Secrets Manager (cloud): the secret's ARN. */
  stripeSecretArn: () => optional('STRIPE_SECRET_ARN'),
  /** The same values directly (local only: `npm start` sets them for its fake Stripe). */
  stripeSecretKey: () => optional('STRIPE_SECRET_KEY'),
  stripeWebhookSecret: () => optional('STRIPE_WEBHOOK_SECRET'),
  /** Where the Stripe SDK sends its requests, when not Stripe itself (local: the fake Stripe). */
  stripeApiUrl: () => optional('STRIPE_API_URL'),
  /** The Stripe price id of a plan (`STRIPE_PRICE_STARTER`, `_GROWTH`, `_SCALE`). */
  stripePrice: (plan: string) => required(`STRIPE_PRICE_${plan.toUpperCase()}`),
  /** Our web client, where Checkout and the customer portal send the user back. */
  webClientUrl: () => required('WEB_CLIENT_URL'),
  /** The API's own base URL (`https://<id>.execute-api...`; locally `http://127.0.0.1:3000`): a report link's url starts with it. */
  apiUrl: () => required('API_URL').replace(/\/$/, ''),
};
