/**
 * GET /v1/analytics-oauth/callback — where Google sends the browser after consent (the service's
 * own route, docs/decisions.md "Web analytics"; no bearer token). It connects nothing by itself: it
 * reads the state (without spending it) for the web client page it names, and sends the browser
 * there with `?analytics=pending&state=...&code=...`, which the web client completes with a POST
 * to `/v1/analytics-oauth/complete` as the signed-in user; or with `?analytics=error&reason=`
 * (`access_denied`, `provider_error`, `expired_state`). Whoever's browser this is, nothing is
 * stored here. Without a known state there is no trusted place to send it: 400.
 */
import { getOAuthState } from '../../shared/db/analytics/index.ts';
import { config } from '../../shared/config.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { defineRedirectHandler } from '../../shared/http/redirect-handler.ts';
import { redirectReply } from '../../shared/schemas/records/reply.ts';
import { logger } from '../../shared/support/logger.ts';
import { routeByKey } from '../routes/analytics-connection.ts';
import { OAuthStateValue } from './inputs.ts';

/** The web client's page at `path` (validated when the state was made) with the outcome in its query. */
function webClientPage(path: string, outcome: Record<string, string>): string {
  const url = new URL(path, config.webClientUrl());
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return url.toString();
}

export const handler = defineRedirectHandler({
  route: routeByKey('GET /v1/analytics-oauth/callback'),
  output: redirectReply(
    'To the web client page the state names, with `analytics=pending`, the `state` and the `code` (completed by a POST to `/v1/analytics-oauth/complete`), or `analytics=error` and `reason` (`access_denied`, `provider_error`, `expired_state`).',
  ),
  run: async ({ query, requestId }) => {
    const stateValue = query.get('state');
    if (!OAuthStateValue.safeParse(stateValue).success)
      throw invalidInput('The callback carries no state.', [{ path: 'state', message: 'Required.' }]);
    const state = await getOAuthState(stateValue!);
    if (!state)
      throw invalidInput('The state is unknown or was used already; start again from auth-url.', [
        { path: 'state', message: 'Unknown or used.' },
      ]);
    const failed = (reason: string) => {
      logger.warn('analytics oauth callback refused', { reason, tenantId: state.tenantId, requestId });
      return webClientPage(state.redirectPath, { analytics: 'error', reason });
    };
    if (state.expiresAt < Math.floor(Date.now() / 1000)) return failed('expired_state');
    if (query.has('error')) return failed(query.get('error') === 'access_denied' ? 'access_denied' : 'provider_error');
    const code = query.get('code');
    if (!code) return failed('provider_error');
    return webClientPage(state.redirectPath, { analytics: 'pending', state: stateValue!, code });
  },
});
