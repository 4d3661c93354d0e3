/**
 * GET /v1/analytics-oauth/callback — where Google sends the owner's browser after consent (the
 * service's own route, DECISIONS.md "Web analytics"; no bearer token: the single-use `state`
 * names the organization and the caller). Takes the state out of the table (so a replay finds
 * none), checks it is not expired and its caller still owns the organization, exchanges the code
 * with the state's PKCE verifier, stores the refresh token sealed (token-sealer.ts) and sends the
 * browser to the state's `redirectPath` with `?analytics=connected`, or `?analytics=error&reason=`.
 * Without a known state there is no trusted place to send it to: 400.
 */
import { saveGrant, takeOAuthState } from '../../shared/db/analytics.ts';
import { getMembership } from '../../shared/db/memberships.ts';
import { config } from '../../shared/config.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { defineRedirectHandler } from '../../shared/http/redirect-handler.ts';
import { exchangeCode } from '../../shared/integrations/google-analytics.ts';
import { tokenSealer } from '../../shared/integrations/token-sealer.ts';
import { redirectReply } from '../../shared/schemas/records/reply.ts';
import { logger } from '../../shared/support/logger.ts';
import { routeByKey } from '../routes.ts';

/** The web client's page at `path` (validated when the state was made) with the outcome in its query. */
function webClientPage(path: string, outcome: Record<string, string>): string {
  const url = new URL(path, config.webClientUrl());
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  return url.toString();
}

export const handler = defineRedirectHandler({
  route: routeByKey('GET /v1/analytics-oauth/callback'),
  output: redirectReply('To the web client page the state names, with `analytics=connected`, or `analytics=error` and `reason` (`access_denied`, `expired_state`, `not_owner`, `exchange_failed`).'),
  run: async ({ query, requestId }) => {
    const stateValue = query.get('state');
    if (!stateValue || stateValue.length > 200) throw invalidInput('The callback carries no state.', [{ path: 'state', message: 'Required.' }]);
    const state = await takeOAuthState(stateValue);
    if (!state) throw invalidInput('The state is unknown or was used already; start again from auth-url.', [{ path: 'state', message: 'Unknown or used.' }]);
    const failed = (reason: string) => {
      logger.warn('analytics oauth callback refused', { reason, tenantId: state.tenantId, requestId });
      return webClientPage(state.redirectPath, { analytics: 'error', reason });
    };
    if (state.expiresAt < Math.floor(Date.now() / 1000)) return failed('expired_state');
    if (query.has('error')) return failed(query.get('error') === 'access_denied' ? 'access_denied' : 'provider_error');
    const membership = await getMembership(state.tenantId, state.userId);
    if (membership?.role !== 'owner' || membership.status !== 'active') return failed('not_owner');
    let refreshToken: string;
    try {
      refreshToken = await exchangeCode(query, stateValue, state.codeVerifier);
    } catch (error) {
      // The provider's error code only: the response may echo the code.
      logger.warn('analytics code exchange failed', { tenantId: state.tenantId, requestId, error: (error as { error?: string }).error ?? (error as Error).name });
      return failed('exchange_failed');
    }
    await saveGrant(state.tenantId, { sealedRefreshToken: await tokenSealer().seal(state.tenantId, refreshToken), connectedBy: state.userId });
    return webClientPage(state.redirectPath, { analytics: 'connected' });
  },
});
