/**
 * Google Analytics 4 as the service calls it: Google's OAuth 2.0 authorization server (through
 * `oauth4webapi`: PKCE S256, code exchange, refresh, revocation), the Admin API's account
 * summaries (which properties the grant can read) and the Data API's `runReport`. Every base URL
 * can be pointed elsewhere: locally `npm start` points them at its fake Google
 * (infra/local/fakes/google-analytics.ts), and that configuration is the local implementation.
 * Tokens are never logged; errors carry the provider's error code only.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as oauth from 'oauth4webapi';
import {
  GoogleUnavailableError,
  GrantRevokedError,
  QuotaExceededError,
  UnknownFieldError,
  type Analytics,
  type ReadableProperty,
  type ReportRequest,
  type ReportRow,
} from './port.ts';

export const ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

const env = (name: string, fallback?: string) => {
  const value = process.env[name] || fallback;
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
};

/** Where each part of Google lives; the defaults are Google's own. */
export const googleConfig = {
  /** The OAuth callback's absolute URL, as registered with Google (`<api>/v1/analytics-oauth/callback`). */
  redirectUri: () => env('ANALYTICS_OAUTH_REDIRECT_URI'),
  accountsUrl: () => env('GOOGLE_ACCOUNTS_URL', 'https://accounts.google.com'),
  oauth2Url: () => env('GOOGLE_OAUTH2_URL', 'https://oauth2.googleapis.com'),
  adminUrl: () => env('GOOGLE_ANALYTICS_ADMIN_URL', 'https://analyticsadmin.googleapis.com'),
  dataUrl: () => env('GOOGLE_ANALYTICS_DATA_URL', 'https://analyticsdata.googleapis.com'),
};

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

let credentials: Promise<ClientCredentials> | undefined;

/**
 * The OAuth client's id and secret: in the cloud from the Secrets Manager secret
 * `GOOGLE_OAUTH_SECRET_ARN` names (JSON `{"clientId", "clientSecret"}`, read once per container),
 * locally from `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET`.
 */
async function loadCredentials(): Promise<ClientCredentials> {
  const arn = process.env.GOOGLE_OAUTH_SECRET_ARN;
  if (!arn) return { clientId: env('GOOGLE_CLIENT_ID'), clientSecret: env('GOOGLE_CLIENT_SECRET') };
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const value = JSON.parse(out.SecretString ?? '{}') as Partial<ClientCredentials>;
  if (!value.clientId || !value.clientSecret)
    throw new Error('The Google OAuth secret must hold clientId and clientSecret');
  return { clientId: value.clientId, clientSecret: value.clientSecret };
}

/** Forget the client credentials, so the next use reads them again (tests, the local server). */
export function forgetGoogle(): void {
  credentials = undefined;
}

function clientCredentials(): Promise<ClientCredentials> {
  credentials ??= loadCredentials().catch((error) => {
    credentials = undefined; // a failed read is retried by the next call
    throw error;
  });
  return credentials;
}

/** The oauth4webapi client and its authentication (client secret in the form body, as Google documents). */
async function oauthClient(): Promise<{ client: oauth.Client; auth: oauth.ClientAuth }> {
  const { clientId, clientSecret } = await clientCredentials();
  return { client: { client_id: clientId }, auth: oauth.ClientSecretPost(clientSecret) };
}

function authorizationServer(): oauth.AuthorizationServer {
  return {
    issuer: googleConfig.accountsUrl(),
    authorization_endpoint: `${googleConfig.accountsUrl()}/o/oauth2/v2/auth`,
    token_endpoint: `${googleConfig.oauth2Url()}/token`,
    revocation_endpoint: `${googleConfig.oauth2Url()}/revoke`,
  };
}

/** Plain http only towards a local fake (never Google, whose URLs are https). */
const requestOptions = () => ({ [oauth.allowInsecureRequests]: googleConfig.oauth2Url().startsWith('http://') });

/** A network failure of fetch (Node's undici throws a TypeError) or a timeout, as opposed to an answer. */
const isUnreachable = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));

/** Runs a request to Google, its network failures turned into `GoogleUnavailableError`. */
async function reaching<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (isUnreachable(error)) throw new GoogleUnavailableError();
    throw error;
  }
}

/** A new state and PKCE verifier, and the authorization URL that carries the state and the verifier's S256 challenge. */
export async function authorizationRequest(): Promise<{ url: string; state: string; codeVerifier: string }> {
  const state = oauth.generateRandomState();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const { client } = await oauthClient();
  const url = new URL(authorizationServer().authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: googleConfig.redirectUri(),
    response_type: 'code',
    scope: ANALYTICS_SCOPE,
    // A refresh token, and asked for again on every consent (Google sends one only on first consent otherwise).
    access_type: 'offline',
    prompt: 'consent',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), state, codeVerifier };
}

/** Exchanges an authorization's code (with the verifier of its state) for the refresh token. */
export async function exchangeCode(code: string, state: string, codeVerifier: string): Promise<string> {
  const as = authorizationServer();
  const { client, auth } = await oauthClient();
  const params = oauth.validateAuthResponse(as, client, new URLSearchParams({ code, state }), state);
  const response = await reaching(() =>
    oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      googleConfig.redirectUri(),
      codeVerifier,
      requestOptions(),
    ),
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  if (!tokens.refresh_token) throw new Error('The token endpoint answered no refresh token');
  return tokens.refresh_token;
}

/** A fresh access token for the stored refresh token; `GrantRevokedError` when Google refuses it. */
export async function accessTokenFor(refreshToken: string): Promise<string> {
  const as = authorizationServer();
  const { client, auth } = await oauthClient();
  try {
    const response = await reaching(() =>
      oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, requestOptions()),
    );
    return (await oauth.processRefreshTokenResponse(as, client, response)).access_token;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant')
      throw new GrantRevokedError('The analytics grant was revoked or has expired.');
    throw error;
  }
}

/** Revokes the grant at Google; one already revoked counts as revoked. */
export async function revoke(refreshToken: string): Promise<void> {
  const as = authorizationServer();
  const { client, auth } = await oauthClient();
  try {
    await oauth.processRevocationResponse(
      await reaching(() => oauth.revocationRequest(as, client, auth, refreshToken, requestOptions())),
    );
  } catch (error) {
    if (
      error instanceof oauth.ResponseBodyError &&
      (error.error === 'invalid_token' || error.error === 'invalid_grant')
    )
      return;
    throw error;
  }
}

/** The members of Google's JSON answers read here (an error's, accountSummaries', runReport's); any of them may be missing. */
interface GoogleAnswer {
  error?: { status?: string; message?: unknown };
  accountSummaries?: { propertySummaries?: { property?: unknown; displayName?: unknown }[] }[];
  nextPageToken?: string;
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string }[];
  rows?: { dimensionValues?: { value?: unknown }[]; metricValues?: { value?: unknown }[] }[];
  rowCount?: unknown;
}

async function googleJson(url: string, accessToken: string, body?: unknown): Promise<GoogleAnswer> {
  const response = await reaching(() =>
    fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const json = (await response.json().catch(() => ({}))) as GoogleAnswer;
  if (response.ok) return json;
  if (response.status >= 500) throw new GoogleUnavailableError();
  const status = json?.error?.status as string | undefined;
  if (response.status === 429 || status === 'RESOURCE_EXHAUSTED')
    throw new QuotaExceededError('The Google Analytics quota is exhausted for now.');
  if (response.status === 401) throw new GrantRevokedError('Google refused the access token.');
  if (response.status === 400 && status === 'INVALID_ARGUMENT')
    throw new UnknownFieldError(String(json?.error?.message ?? 'Invalid report request'));
  throw new Error(`Google Analytics answered ${response.status} ${status ?? ''}`.trim());
}

/** The GA4 properties the grant can read (Admin API `accountSummaries`, every page). */
export async function readableProperties(accessToken: string): Promise<ReadableProperty[]> {
  const found: ReadableProperty[] = [];
  let pageToken: string | undefined;
  do {
    const url = new URL(`${googleConfig.adminUrl()}/v1beta/accountSummaries`);
    url.searchParams.set('pageSize', '200');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const page = await googleJson(url.toString(), accessToken);
    for (const account of page.accountSummaries ?? []) {
      for (const p of account.propertySummaries ?? [])
        found.push({
          propertyId: String(p.property).replace(/^properties\//, ''),
          displayName: String(p.displayName ?? ''),
        });
    }
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return found;
}

/** Data API `runReport` over `from`..`to` (inclusive), every page, as rows keyed by name. */
export async function runReport(accessToken: string, propertyId: string, request: ReportRequest): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  const limit = 10_000;
  for (let offset = 0; ; offset += limit) {
    const page = await googleJson(
      `${googleConfig.dataUrl()}/v1beta/properties/${encodeURIComponent(propertyId)}:runReport`,
      accessToken,
      {
        dateRanges: [{ startDate: request.from, endDate: request.to }],
        dimensions: request.dimensions.map((name) => ({ name })),
        metrics: request.metrics.map((name) => ({ name })),
        limit,
        offset,
        keepEmptyRows: false,
      },
    );
    const dimensionNames: string[] = (page.dimensionHeaders ?? []).map((h: { name: string }) => h.name);
    const metricNames: string[] = (page.metricHeaders ?? []).map((h: { name: string }) => h.name);
    for (const row of page.rows ?? []) {
      rows.push({
        dimensions: Object.fromEntries(
          dimensionNames.map((name, i) => [name, String(row.dimensionValues?.[i]?.value ?? '')]),
        ),
        metrics: Object.fromEntries(
          metricNames.map((name, i) => [name, Number(row.metricValues?.[i]?.value ?? 0) || 0]),
        ),
      });
    }
    if (offset + limit >= Number(page.rowCount ?? 0)) return rows;
  }
}

export const googleAnalytics: Analytics = {
  authorizationRequest,
  exchangeCode,
  accessTokenFor,
  revoke,
  readableProperties,
  runReport,
};
