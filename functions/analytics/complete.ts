/**
 * POST /v1/analytics-oauth/complete — completes a Google authorization (the service's own route,
 * docs/decisions.md "Web analytics"): the web client posts the `state` and `code` the callback sent the
 * browser to it with, as the signed-in user. Presenting a state spends it, whoever presents it; it
 * is answered only to the user who asked for the authorization URL (anyone else: 403) while an
 * owner of its organization, within its 10 minutes. Only then is the code exchanged, with the
 * state's PKCE verifier, which never left the service, and the refresh token stored sealed: a
 * Google grant is only ever stored by the person who gave it. An unknown, used or expired state,
 * or a code Google does not exchange, is 400: start again from auth-url.
 */
import * as z from 'zod/mini';
import { saveGrant, takeOAuthState, type OAuthState } from '../../shared/db/analytics/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import type { Caller } from '../../shared/http/context.ts';
import { forbidden, invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import * as analytics from '../../shared/integrations/analytics/index.ts';
import * as tokenSealer from '../../shared/integrations/token-sealer/index.ts';
import { AnalyticsConnection } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { logger } from '../../shared/support/logger.ts';
import { routeByKey } from '../routes/analytics-connection.ts';
import { connectionView, OAuthCode, OAuthStateValue } from './inputs.ts';

const START_AGAIN = 'start again from POST /v1/analytics-oauth/auth-url';

/**
 * The state's organization, the state taken out of the table first: a state presented by anyone
 * else (a stolen link, a shared screen) is spent, so not even its rightful user can complete it after.
 */
async function claimState(
  input: { state: string },
  caller: Caller,
): Promise<{ tenantId: string; held: OAuthState; scopeInput: true }> {
  const held = await takeOAuthState(input.state);
  if (!held)
    throw invalidInput(`The state is unknown or was used already: ${START_AGAIN}.`, [
      { path: 'state', message: 'Unknown or used.' },
    ]);
  if (held.userId !== caller.userId)
    throw forbidden('Only the user who asked for this authorization URL can complete it; the state is now spent.');
  if (held.expiresAt < Math.floor(Date.now() / 1000))
    throw invalidInput(`The authorization has expired: ${START_AGAIN}.`, [{ path: 'state', message: 'Expired.' }]);
  // Named by the state, not the path: a caller outside the organization gets 403 like anyone else.
  return { tenantId: held.tenantId, held, scopeInput: true };
}

export const handler = defineHandler({
  route: routeByKey('POST /v1/analytics-oauth/complete'),
  output: okReply(AnalyticsConnection),
  input: z.strictObject({ state: OAuthStateValue, code: OAuthCode }),
  tenantOf: claimState,
  run: async ({ input, tenant: { tenantId }, record: state, requestId }) => {
    let refreshToken: string;
    try {
      refreshToken = await analytics.exchangeCode(input.code, input.state, state.codeVerifier);
    } catch (error) {
      // The provider's error code only (invalid_grant: expired, used or another verifier's): the response may echo the code.
      const providerError = (error as { error?: unknown }).error;
      logger.warn('analytics code exchange failed', {
        tenantId,
        requestId,
        error: typeof providerError === 'string' ? providerError : (error as Error).name,
      });
      const why =
        typeof providerError === 'string'
          ? `Google refused the code (${providerError})`
          : 'Google gave no usable answer';
      throw invalidInput(`${why}; the state is spent: ${START_AGAIN}.`, [{ path: 'code', message: 'Not exchanged.' }]);
    }
    const connection = await saveGrant(tenantId, {
      sealedRefreshToken: await tokenSealer.seal('google-refresh-token', tenantId, refreshToken),
      connectedBy: state.userId,
    });
    return ok(connectionView(tenantId, connection));
  },
});
