/**
 * POST /v1/analytics-oauth/auth-url — Google's authorization URL for read-only Analytics access,
 * with a PKCE (S256) challenge and a single-use `state` that binds the answer to this
 * organization, this caller and `redirectPath`, for 10 minutes. The verifier stays with the state
 * on our side: the callback only passes the state and code on to the web client, and completing
 * (a POST to `/v1/analytics-oauth/complete`, by this caller alone) exchanges the code with it.
 */
import * as z from 'zod/mini';
import { putOAuthState } from '../../shared/db/analytics/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import * as analytics from '../../shared/integrations/analytics/index.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { AnalyticsAuthUrl } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/analytics-connection.ts';
import { RedirectPath } from './inputs.ts';

export const STATE_TTL_SECONDS = 10 * 60;

export const handler = defineHandler({
  route: routeByKey('POST /v1/analytics-oauth/auth-url'),
  output: okReply(AnalyticsAuthUrl),
  input: z.strictObject({ organizationId: Uuid, redirectPath: z.optional(RedirectPath) }),
  run: async ({ input, caller }) => {
    const { url, state, codeVerifier } = await analytics.authorizationRequest();
    const expiresAt = Math.floor(Date.now() / 1000) + STATE_TTL_SECONDS;
    await putOAuthState(state, {
      tenantId: input.organizationId,
      userId: caller.userId,
      redirectPath: input.redirectPath ?? '/',
      codeVerifier,
      expiresAt,
    });
    return ok({ url, expiresAt: new Date(expiresAt * 1000).toISOString() });
  },
});
