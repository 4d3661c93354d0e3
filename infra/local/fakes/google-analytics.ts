/**
 * The local stand-in for Google Analytics 4 (docs/decisions.md "Local stand-ins for third parties"):
 * one HTTP server that speaks the wire format of the parts of Google the service calls —
 * the OAuth 2.0 authorization page (`/o/oauth2/v2/auth`, which consents at once on GET and
 * redirects with a code, `state` and `iss`), the token endpoint (`/token`, form-encoded, PKCE S256
 * verified, Google's `{error}` bodies), revocation (`/revoke`), the Admin API's
 * `v1beta/accountSummaries` and the Data API's `v1beta/properties/<id>:runReport` (dimensionHeaders,
 * metricHeaders, rows of dimensionValues/metricValues, rowCount) with deterministic data.
 * State lives in memory. Tests may revoke grants, spend the quota or revise the data.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_GOOGLE_CLIENT_ID = 'local-client.apps.googleusercontent.com';
export const FAKE_GOOGLE_CLIENT_SECRET = 'local-client-secret';

/** The properties every grant of the fake can read. */
export const FAKE_PROPERTIES = [
  { propertyId: '400000001', displayName: 'Local web shop' },
  { propertyId: '400000002', displayName: 'Local blog' },
] as const;

/**
 * The raw how-did-you-hear answers and direct signals the fake's data carries, as GA4 reports free
 * text: with stray whitespace and line breaks, so some differ only in those.
 */
const ANSWERS = ['Instagram creator', 'Podcast', ' Podcast\n', 'Google search', 'A friend', '(not set)'];
const SIGNALS: Record<string, string[]> = {
  orderCoupon: ['CREATOR10', 'CREATOR10 ', 'SPRING25', '(not set)'],
  sessionCampaignName: ['creator_launch', 'newsletter', '(not set)'],
  sessionManualTerm: ['(not set)'],
};

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A deterministic number in [min, max] from the parts. */
function figure(min: number, max: number, ...parts: (string | number)[]): number {
  const n = createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0);
  return min + (n % (max - min + 1));
}

/** `count` shared in proportion to `weights`, in whole numbers that add up to it (largest remainders first). */
function split(count: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const whole = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (count * w) / whole);
  const parts = exact.map(Math.floor);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < count - parts.reduce((a, b) => a + b, 0); k++) parts[byRemainder[k]![1]]! += 1;
  return parts;
}

type Figures = Record<'sessions' | 'totalUsers' | 'screenPageViews' | 'keyEvents', number>;

/**
 * One day of a property as GA4 would report it, coherent the way real data is: users <= sessions,
 * page views >= sessions (a web session opens with a page view), key events <= sessions. A second
 * dimension splits the day: the how-did-you-hear parameter travels with key events (each carries one
 * answer or none), and a session has one campaign, term and coupon or none, so each dimension's
 * values, `(not set)` included, add up to the day's key events (and, for signals, sessions); a
 * value's users and key events are at most its sessions. Deterministic in property, date and revision.
 */
function dayOf(propertyId: string, date: string, revision: number) {
  const f = (min: number, max: number, ...parts: (string | number)[]) =>
    figure(min, max, propertyId, date, revision, ...parts);
  const percent = (count: number, min: number, max: number, ...parts: (string | number)[]) =>
    Math.floor((count * f(min, max, ...parts)) / 100);
  const sessions = f(80, 160, 'sessions');
  const day: Figures = {
    sessions,
    totalUsers: percent(sessions, 55, 90, 'users'),
    screenPageViews: sessions + percent(sessions, 60, 220, 'pageViews'),
    keyEvents: percent(sessions, 8, 18, 'keyEvents'),
  };
  /** The values' own key events and sessions; `(not set)` takes what is left of the day. */
  const breakdown = (
    dimension: string,
    values: readonly string[],
    own: (keyEvents: number, value: string) => number,
    share: [number, number],
  ): Map<string, Figures> => {
    const tagged = values.filter((v) => v !== '(not set)');
    const keyEvents = split(
      percent(day.keyEvents, ...share, dimension),
      tagged.map((v) => f(1, 10, dimension, v, 'weight')),
    );
    const rows = new Map<string, Figures>();
    tagged.forEach((value, i) => {
      const s = own(keyEvents[i]!, value);
      rows.set(value, {
        sessions: s,
        totalUsers: s - percent(s, 0, 30, dimension, value, 'users'),
        screenPageViews: Math.floor((s * day.screenPageViews) / sessions),
        keyEvents: keyEvents[i]!,
      });
    });
    const left = (metric: keyof Figures) => day[metric] - [...rows.values()].reduce((total, r) => total + r[metric], 0);
    if (values.includes('(not set)'))
      rows.set('(not set)', {
        sessions: left('sessions'),
        totalUsers: Math.min(day.totalUsers, left('sessions')),
        screenPageViews: left('screenPageViews'),
        keyEvents: left('keyEvents'),
      });
    return rows;
  };
  return {
    day,
    // An answer is given with a key event; a few sessions gave two.
    answers: breakdown('answers', ANSWERS, (k, v) => k - percent(k, 0, 25, 'answers', v, 'repeat'), [40, 85]),
    // A tagged visit converts now and then: its key events plus sessions that did not convert.
    signals: Object.fromEntries(
      Object.entries(SIGNALS).map(([dimension, values]) => [
        dimension,
        breakdown(dimension, values, (k, v) => k + percent(sessions, 1, 8, dimension, v, 'visits'), [15, 45]),
      ]),
    ),
  };
}

function datesOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10).replaceAll('-', ''));
  return out;
}

interface Grant {
  refreshToken: string;
  revoked: boolean;
}

export class FakeGoogleAnalytics {
  private readonly codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  private readonly grants = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, Grant>();
  /** runReport calls left to answer 429 RESOURCE_EXHAUSTED (tests). */
  quotaFailures = 0;
  /** The custom dimensions the properties have registered; any other `customEvent:` dimension is INVALID_ARGUMENT, as in GA4 (tests may remove it). */
  readonly customDimensions = new Set(['customEvent:how_did_you_hear']);
  /** How long each runReport answer takes (tests of a slow provider). */
  reportDelayMs = 0;
  /** Changes every figure: GA4 revising past days (tests). */
  revision = 0;
  /** How many runReport calls were answered, and the ranges asked (tests). */
  readonly reportRanges: { startDate: string; endDate: string }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(port = 0): Promise<FakeGoogleAnalytics> {
    let fake: FakeGoogleAnalytics | undefined;
    const server = createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    fake = new FakeGoogleAnalytics(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /** The environment that points the service's Google client here. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
      GOOGLE_ACCOUNTS_URL: this.url,
      GOOGLE_OAUTH2_URL: this.url,
      GOOGLE_ANALYTICS_ADMIN_URL: this.url,
      GOOGLE_ANALYTICS_DATA_URL: this.url,
    };
  }

  /** Revokes every grant, as a user removing the app's access in their Google account would. */
  revokeAll(): void {
    for (const grant of this.grants.values()) grant.revoked = true;
  }

  /** Every refresh token the fake issued (tests look for them where they must not be). */
  issuedRefreshTokens(): string[] {
    return [...this.grants.keys()];
  }

  /** Whether a refresh token is one the fake issued and has not revoked. */
  isLive(refreshToken: string): boolean {
    return this.grants.get(refreshToken)?.revoked === false;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(value));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.authorize(url, res, json);
      if (req.method === 'POST' && url.pathname === '/token') return json(...this.token(new URLSearchParams(body)));
      if (req.method === 'POST' && url.pathname === '/revoke') return json(...this.revoke(new URLSearchParams(body)));
      const grant = this.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant || grant.revoked)
        return json(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
        });
      if (req.method === 'GET' && url.pathname === '/v1beta/accountSummaries')
        return json(200, this.accountSummaries());
      const report = /^\/v1beta\/properties\/([^/:]+):runReport$/.exec(url.pathname);
      if (req.method === 'POST' && report) {
        if (this.reportDelayMs) await new Promise((resolve) => setTimeout(resolve, this.reportDelayMs));
        return json(...this.runReport(decodeURIComponent(report[1]!), JSON.parse(body || '{}')));
      }
      return json(404, { error: { code: 404, message: 'Not found.', status: 'NOT_FOUND' } });
    } catch (error) {
      return json(400, { error: { code: 400, message: String(error), status: 'INVALID_ARGUMENT' } });
    }
  }

  /** The consent page: consents at once and redirects back with a code (or Google's error). */
  private authorize(url: URL, res: ServerResponse, json: (status: number, value: unknown) => void): void {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    // Google shows an error page (no redirect) for an unknown client or redirect URI.
    if (q.get('client_id') !== FAKE_GOOGLE_CLIENT_ID || !redirectUri) {
      json(400, { error: 'invalid_client' });
      return;
    }
    const back = new URL(redirectUri);
    if (q.get('state')) back.searchParams.set('state', q.get('state')!);
    back.searchParams.set('iss', this.url);
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = token('4/0fake-');
      this.codes.set(code, { challenge: q.get('code_challenge')!, redirectUri, used: false });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', q.get('scope') ?? '');
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(form: URLSearchParams): [number, unknown] {
    if (form.get('client_id') !== FAKE_GOOGLE_CLIENT_ID || form.get('client_secret') !== FAKE_GOOGLE_CLIENT_SECRET)
      return [401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' }];
    const issue = (grant: Grant, withRefresh: boolean) => {
      const accessToken = token('ya29.fake-');
      this.accessTokens.set(accessToken, grant);
      return [
        200,
        {
          access_token: accessToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/analytics.readonly',
          ...(withRefresh ? { refresh_token: grant.refreshToken } : {}),
        },
      ] as [number, unknown];
    };
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (
        !code ||
        code.used ||
        code.redirectUri !== form.get('redirect_uri') ||
        s256(form.get('code_verifier') ?? '') !== code.challenge
      ) {
        return [400, { error: 'invalid_grant', error_description: 'Bad Request' }];
      }
      code.used = true;
      const grant = { refreshToken: token('1//fake-'), revoked: false };
      this.grants.set(grant.refreshToken, grant);
      return issue(grant, true);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = this.grants.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked)
        return [400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }];
      return issue(grant, false);
    }
    return [400, { error: 'unsupported_grant_type' }];
  }

  private revoke(form: URLSearchParams): [number, unknown] {
    const value = form.get('token') ?? '';
    const grant = this.grants.get(value) ?? this.accessTokens.get(value);
    if (!grant || grant.revoked)
      return [400, { error: 'invalid_token', error_description: 'Token expired or revoked' }];
    grant.revoked = true;
    return [200, {}];
  }

  private accountSummaries() {
    return {
      accountSummaries: [
        {
          name: 'accountSummaries/300000001',
          account: 'accounts/300000001',
          displayName: 'Local account',
          propertySummaries: FAKE_PROPERTIES.map((p) => ({
            property: `properties/${p.propertyId}`,
            displayName: p.displayName,
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            parent: 'accounts/300000001',
          })),
        },
      ],
    };
  }

  // biome-ignore lint/suspicious/noExplicitAny: the request body as the client sent it (JSON.parse), read field by field as Google's server would
  private runReport(propertyId: string, request: any): [number, unknown] {
    if (this.quotaFailures > 0) {
      this.quotaFailures -= 1;
      return [
        429,
        {
          error: {
            code: 429,
            message: 'Exhausted property tokens per hour for this project.',
            status: 'RESOURCE_EXHAUSTED',
          },
        },
      ];
    }
    if (!FAKE_PROPERTIES.some((p) => p.propertyId === propertyId))
      return [
        403,
        {
          error: {
            code: 403,
            message: 'User does not have sufficient permissions for this property.',
            status: 'PERMISSION_DENIED',
          },
        },
      ];
    const range = request.dateRanges?.[0] ?? {};
    this.reportRanges.push({ startDate: range.startDate, endDate: range.endDate });
    const dimensions: string[] = (request.dimensions ?? []).map((d: { name: string }) => d.name);
    const unknown = dimensions.find((name) => name.startsWith('customEvent:') && !this.customDimensions.has(name));
    if (unknown)
      return [
        400,
        {
          error: {
            code: 400,
            message: `Field ${unknown} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`,
            status: 'INVALID_ARGUMENT',
          },
        },
      ];
    const metrics: string[] = (request.metrics ?? []).map((m: { name: string }) => m.name);
    const second = dimensions[1];
    const rows = datesOf(range.startDate, range.endDate).flatMap((date) => {
      const data = dayOf(propertyId, date, this.revision);
      // Any other second dimension reads as the how-did-you-hear one (the fake knows no others).
      const values: [string | undefined, Figures][] =
        second === undefined ? [[undefined, data.day]] : [...(data.signals[second] ?? data.answers)];
      return values.map(([value, figures]) => ({
        dimensionValues: [{ value: date }, ...(value === undefined ? [] : [{ value }])],
        metricValues: metrics.map((metric) => ({ value: String(figures[metric as keyof Figures] ?? 0) })),
      }));
    });
    return [
      200,
      {
        dimensionHeaders: dimensions.map((name) => ({ name })),
        metricHeaders: metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
        rows,
        rowCount: rows.length,
        metadata: { currencyCode: 'USD', timeZone: 'Etc/UTC' },
        kind: 'analyticsData#runReport',
      },
    ];
  }
}
