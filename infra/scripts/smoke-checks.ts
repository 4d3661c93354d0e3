/**
 * The read-only checks of `npm run smoke` against a deployed stage (or the local server): the API
 * description, the refusal of a request without a token, the caller's organizations and one report
 * of the first of them. Nothing is written. Each check says what it saw; the caller prints them.
 */

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  /** The API's base URL (the stack's `ApiUrl` output), without a trailing slash. */
  base: string;
  /** A bearer token of a user who has a user record. */
  token: string;
}

/** The user a token names (`sub`), read without verifying it: the API verifies it. */
export function tokenSubject(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the stage's answer, of whatever shape it has: each check reads it through ?. and typeof
async function get(url: string, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** A list answer's items, whichever form (`data` or `items`) the route answers in. */
// biome-ignore lint/suspicious/noExplicitAny: an answer as get() gives it (above), its items as the checks read them
const itemsOf = (body: any): any[] | undefined =>
  Array.isArray(body?.data) ? body.data : Array.isArray(body?.items) ? body.items : undefined;

/** Runs the checks in order; a check that cannot run for lack of what an earlier one found fails too. */
export async function runSmoke({ base, token }: SmokeOptions): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  const check = async (name: string, run: () => Promise<[boolean, string]>) => {
    try {
      const [ok, detail] = await run();
      checks.push({ name, ok, detail });
    } catch (error) {
      checks.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };

  await check('GET /openapi.json is OpenAPI 3.1', async () => {
    const { status, body } = await get(`${base}/openapi.json`);
    const ok =
      status === 200 &&
      typeof body?.openapi === 'string' &&
      body.openapi.startsWith('3.1') &&
      typeof body.paths === 'object';
    return [ok, `${status}, openapi ${JSON.stringify(body?.openapi)}, ${Object.keys(body?.paths ?? {}).length} paths`];
  });

  const userId = tokenSubject(token);
  const organizationsUrl = `${base}/v1/organizations?userId=${encodeURIComponent(userId ?? '')}&pageIndex=0&pageSize=1`;
  await check('/v1/organizations without a token answers 401', async () => {
    const { status } = await get(organizationsUrl);
    return [status === 401, String(status)];
  });

  let organizationId: string | undefined;
  await check("/v1/organizations lists the caller's organizations", async () => {
    if (!userId) return [false, 'the token names no user (`sub`)'];
    const { status, body } = await get(organizationsUrl, token);
    const items = itemsOf(body);
    organizationId = items?.[0]?.id;
    return [status === 200 && items !== undefined, `${status}, ${items?.length ?? 'no'} organizations`];
  });

  await check('/v1/reporting/organization/metrics of the first organization answers', async () => {
    if (!organizationId) return [true, 'skipped: the caller has no organization'];
    const { status, body } = await get(
      `${base}/v1/reporting/organization/metrics?organizationId=${encodeURIComponent(organizationId)}`,
      token,
    );
    return [status === 200 && typeof body === 'object', `${status} for organization ${organizationId}`];
  });
  return checks;
}
