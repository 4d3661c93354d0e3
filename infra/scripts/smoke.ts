/**
 * `npm run smoke -- --base URL --token TOKEN`: read-only checks of a deployed stage
 * (infra/scripts/smoke-checks.ts), one line per check; exits 1 when any fails. `--base` is the
 * stack's `ApiUrl` output; the token is a user's who has a user record (CI: the local server's).
 * `SMOKE_TOKEN` may hold the token instead: npm echoes a script's arguments, so `--token` puts a
 * bearer token into whatever log captures the run (CI's, a terminal's scrollback).
 */
import { parseArgs } from 'node:util';
import { runSmoke } from './smoke-checks.ts';

const { values } = parseArgs({ options: { base: { type: 'string' }, token: { type: 'string' } } });
const token = values.token ?? process.env.SMOKE_TOKEN;
if (!values.base || !token) {
  console.error('usage: npm run smoke -- --base URL --token TOKEN (or SMOKE_TOKEN=TOKEN npm run smoke -- --base URL)');
  process.exit(2);
}
const checks = await runSmoke({ base: values.base.replace(/\/+$/, ''), token });
for (const check of checks) console.log(`${check.ok ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`);
process.exit(checks.every((check) => check.ok) ? 0 : 1);
