/**
 * `tsx test/bench/first-request.ts http://127.0.0.1:3000`: against a freshly started `npm start`,
 * the time of the first and the second request of every route, so a cold first request shows next
 * to a warm one. A user signs up first (the README's steps); then every route is called with its
 * token and an empty body, which loads the handler, verifies the token and mostly answers 400 or 404.
 */
import { routes } from '../../functions/routes.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const ID = '00000000-0000-4000-8000-000000000001';

async function timed(method: string, path: string, body?: unknown): Promise<number> {
  const began = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  await response.arrayBuffer();
  return performance.now() - began;
}

const email = 'bench@example.com';
const minted = await fetch(`${base}/local/token`, { method: 'POST', body: JSON.stringify({ userId: ID, email }) });
const { accessToken: token } = (await minted.json()) as { accessToken: string };
const signUpMs = await timed('POST', '/v1/users', { userId: ID, email, name: 'Bench' });
console.log(`sign-up (POST /v1/users, the first request): ${Math.round(signUpMs)} ms`);

const rows: { route: string; firstMs: number; secondMs: number }[] = [];
for (const route of routes) {
  const path = route.path.replace(/:[A-Za-z]+/g, ID);
  const firstMs = await timed(route.method, path);
  const secondMs = await timed(route.method, path);
  rows.push({ route: route.key, firstMs, secondMs });
}
const total = (key: 'firstMs' | 'secondMs') => Math.round(rows.reduce((sum, r) => sum + r[key], 0));
const slowest = [...rows].sort((a, b) => b.firstMs - a.firstMs).slice(0, 5);
console.log(
  `${rows.length} routes: first requests ${total('firstMs')} ms in all, second requests ${total('secondMs')} ms`,
);
for (const r of slowest)
  console.log(`  ${r.route}: first ${Math.round(r.firstMs)} ms, second ${Math.round(r.secondMs)} ms`);
