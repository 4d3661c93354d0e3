/**
 * Bearer JWT verification (aws-jwt-verify). Runs before anything looks at the request, so every
 * route, built or not, answers 401 to a request without a valid token.
 */
import type { MiddlewareObj } from '@middy/core';
import { TokenRejected, verifyToken } from '../../auth/verifier.ts';
import type { ApiContext, ApiEvent, ApiResponse, Caller } from '../context.ts';
import { unauthenticated } from '../problem.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** The caller named by a request's bearer token; throws 401 `unauthenticated` otherwise. */
export async function authenticateEvent(event: ApiEvent): Promise<Caller> {
  const authorization = header(event, 'authorization');
  if (!authorization) throw unauthenticated('The Authorization header with a bearer token is missing.');
  const match = BEARER.exec(authorization);
  if (!match?.[1]) throw unauthenticated('The Authorization header must be "Bearer <token>".');
  try {
    const token = await verifyToken(match[1]);
    return { userId: token.sub, email: token.email, name: token.name, agent: token.act !== undefined };
  } catch (error) {
    // A configuration or JWKS-fetch failure is ours, not the caller's: it stays a 500.
    if (!(error instanceof TokenRejected)) throw error;
    // Expired, wrongly signed, wrong issuer or audience, malformed: all one status; what is wrong
    // is safe to say, in words (never a class name).
    throw unauthenticated(`The bearer token is not valid: ${error.reason}.`);
  }
}

export function authenticate(): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    before: async (request) => {
      request.context.state.caller = await authenticateEvent(request.event);
    },
  };
}
