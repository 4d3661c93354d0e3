/**
 * How long a request of thousands of invalid fields takes to be refused (docs/decisions.md "Errors"): before,
 * 57,000 unknown keys on POST /v1/files took 12.9 s and answered 3 MB. Each case calls the route's
 * handler module with a ready event, as Lambda would; wall and CPU time per call, the answer's size
 * and how many `errors` it lists. PASS/FAIL: a 4 MiB body of unknown keys answered (p50) in under
 * 50 ms. `npm run bench -- validation` runs this part alone.
 */
import { randomUUID } from 'node:crypto';
import { dispatch } from '../../infra/local/dispatch.ts';
import { gatewayEvent, lambdaContext, matchRoute } from '../../infra/local/gateway.ts';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import type { ApiHandler, ApiResponse } from '../../shared/http/context.ts';
import { quantile } from './stats.ts';

const RUNS = 20;
const WARMUP = 3;
export const MAX_4MIB_P50_MS = 50;
const FOUR_MIB = 4 * 1024 * 1024;

/** `{"k0":0,"k1":0,...}`: as many short unknown keys as fit in `bytes` (`spell` writes each name). */
function keysFilling(bytes: number, spell = (i: number) => `k${i.toString(36)}`): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; ; i++) {
    const member = `"${spell(i)}":0`;
    if (size + member.length + 1 > bytes) break;
    parts.push(member);
    size += member.length + 1;
  }
  return `{${parts.join(',')}}`;
}

function keysCounted(count: number): string {
  return JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`unknown_key_${i}`, 'x'])));
}

interface Case {
  label: string;
  handler: string;
  method: string;
  url: string;
  body?: string;
}

export interface ValidationCase {
  label: string;
  requestBytes: number;
  status: number;
  responseBytes: number;
  errorsListed: number;
  detail: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  cpuP50Ms: number;
}

export interface ValidationResult {
  runs: number;
  cases: ValidationCase[];
  target: string;
  verdict: 'PASS' | 'FAIL';
}

const round = (n: number) => Math.round(n * 10) / 10;

async function measure(c: Case, headers: Record<string, string>): Promise<ValidationCase> {
  const { handler } = (await import(`../../functions/${c.handler}.ts`)) as { handler: ApiHandler };
  const match = matchRoute(c.method, c.url.split('?')[0]!)!;
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  const context = lambdaContext('bench') as never;
  const wall: number[] = [];
  const cpu: number[] = [];
  let last: ApiResponse | undefined;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const event = gatewayEvent({ method: c.method, url: c.url, headers, ...(body ? { body } : {}) }, match);
    const cpuBefore = process.cpuUsage();
    const t = performance.now();
    last = await handler(event, context);
    const elapsed = performance.now() - t;
    const used = process.cpuUsage(cpuBefore);
    if (i >= WARMUP) {
      wall.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const text = typeof last!.body === 'string' ? last!.body : '';
  const answer = JSON.parse(text) as { detail: string; errors?: unknown[] };
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    label: c.label,
    requestBytes: body?.length ?? c.url.length,
    status: last!.statusCode ?? 0,
    responseBytes: Buffer.byteLength(text),
    errorsListed: answer.errors?.length ?? 0,
    detail: answer.detail,
    p50Ms: round(quantile(wall, 0.5)),
    p95Ms: round(quantile(wall, 0.95)),
    maxMs: round(wall.at(-1)!),
    cpuP50Ms: round(quantile(cpu, 0.5)),
  };
}

export async function measureValidation(issuer: LocalIssuer): Promise<ValidationResult> {
  const userId = randomUUID();
  const email = `${userId}@bench.example`;
  const token = issuer.mint({ userId, email });
  const auth = { authorization: `Bearer ${token}` };
  const headers = { ...auth, 'content-type': 'application/json' };
  const signUp = await dispatch({
    method: 'POST',
    url: '/v1/users',
    headers,
    body: Buffer.from(JSON.stringify({ userId, email, name: 'Bench' })),
  });
  if (signUp.statusCode !== 201) throw new Error(`setup failed: ${signUp.body}`);

  const fourMiB = keysFilling(FOUR_MIB);
  const cases: Case[] = [
    {
      label: 'POST /v1/files, 4 MiB of unknown keys',
      handler: 'files/create',
      method: 'POST',
      url: '/v1/files',
      body: fourMiB,
    },
    // The names the scan must work harder on: snake_case (camelCased to be looked up) and escaped (decoded).
    {
      label: 'POST /v1/files, 4 MiB of unknown snake_case keys',
      handler: 'files/create',
      method: 'POST',
      url: '/v1/files',
      body: keysFilling(FOUR_MIB, (i) => `k_${i.toString(36)}`),
    },
    {
      label: 'POST /v1/files, 4 MiB of unknown escaped keys',
      handler: 'files/create',
      method: 'POST',
      url: '/v1/files',
      body: keysFilling(FOUR_MIB, (i) => `\\u006b${i.toString(36)}`),
    },
    // No unknown name at all: the body is parsed (JSON.parse keeps the last of a repeated name).
    {
      label: 'POST /v1/files, 4 MiB of one known name repeated',
      handler: 'files/create',
      method: 'POST',
      url: '/v1/files',
      body: keysFilling(FOUR_MIB, () => 'fileName'),
    },
    {
      label: 'POST /v1/files, 57,000 unknown keys',
      handler: 'files/create',
      method: 'POST',
      url: '/v1/files',
      body: keysCounted(57_000),
    },
    {
      label: 'POST /v1/campaigns, 20,000 unknown keys',
      handler: 'campaigns/create',
      method: 'POST',
      url: '/v1/campaigns',
      body: keysCounted(20_000),
    },
    {
      label: 'GET /v1/files, 1,000 unknown query parameters',
      handler: 'files/list',
      method: 'GET',
      url: `/v1/files?${Array.from({ length: 1_000 }, (_, i) => `q${i}=1`).join('&')}`,
    },
  ];
  const measured: ValidationCase[] = [];
  for (const c of cases) measured.push(await measure(c, c.body === undefined ? auth : headers));
  const headline = measured[0]!;
  const pass = headline.status === 400 && headline.p50Ms < MAX_4MIB_P50_MS;
  return {
    runs: RUNS,
    cases: measured,
    target: `${headline.label}: 400 in under ${MAX_4MIB_P50_MS} ms (p50)`,
    verdict: pass ? 'PASS' : 'FAIL',
  };
}

export function printValidation(result: ValidationResult): void {
  console.log(`\nRefusing many invalid fields: p50 / p95 / max ms, CPU p50 ms, ${result.runs} runs`);
  for (const c of result.cases) {
    console.log(
      `  ${c.label.padEnd(48)} ${String(c.requestBytes).padStart(8)} B in -> ${c.status}, ${c.responseBytes} B out, ${c.errorsListed} errors  ${c.p50Ms} / ${c.p95Ms} / ${c.maxMs} ms  cpu ${c.cpuP50Ms} ms`,
    );
  }
  console.log(`${result.verdict}: ${result.target}`);
}
