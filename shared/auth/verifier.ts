/**
 * Bearer-token verification with aws-jwt-verify. One verifier per process (module scope), so its
 * JWKS cache survives between Lambda invocations.
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import {
  FetchError,
  JwksNotAvailableInCacheError,
  JwksValidationError,
  JwtBaseError,
} from 'aws-jwt-verify/error';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { config } from '../config.ts';

export interface VerifiedToken {
  sub: string;
  email?: string;
  name?: string;
  /** RFC 8693 actor claim: present on an agent's token acting for `sub`. */
  act?: unknown;
}

/** The token itself is not acceptable (expired, badly signed, wrong claims, unparseable). */
export class TokenRejected extends Error {
  constructor(readonly reason: string) {
    super(`token rejected: ${reason}`);
  }
}

type Verify = (token: string) => Promise<JwtPayload>;

let verify: Verify | undefined;

function createVerifier(): Verify {
  const poolId = config.cognitoUserPoolId();
  if (poolId) {
    // Cognito access tokens carry `client_id` rather than `aud`.
    const cognito = CognitoJwtVerifier.create({ userPoolId: poolId, tokenUse: 'access', clientId: config.jwtAudience() });
    return (token) => cognito.verify(token);
  }
  const issuer = config.jwtIssuer();
  const rsa = JwtRsaVerifier.create({
    issuer,
    audience: config.jwtAudience(),
    jwksUri: config.jwksUri() ?? `${issuer.replace(/\/$/, '')}/.well-known/jwks.json`,
  });
  const inline = config.jwksJson();
  if (inline) {
    // The local issuer hands its keys over inline (aws-jwt-verify fetches only https JWKS URIs);
    // verifying synchronously against them means an unknown key is a rejected token, never a fetch.
    rsa.cacheJwks(JSON.parse(inline));
    return async (token) => rsa.verifySync(token);
  }
  return (token) => rsa.verify(token);
}

/** Errors about the verifier's keys, not the token: the caller cannot fix them. */
function isKeyProblem(error: unknown): boolean {
  return error instanceof FetchError || error instanceof JwksValidationError || error instanceof JwksNotAvailableInCacheError;
}

/**
 * Tokens this process has verified, until they expire. A client sends the same token for its whole
 * lifetime and a warm Lambda sees it again and again; the RSA signature check is most of the
 * middleware's cost, and a cache hit needs the identical token string, signature included.
 */
const verified = new Map<string, { token: VerifiedToken; expiresAtMs: number }>();
const MAX_CACHED_TOKENS = 1000;

function cached(token: string): VerifiedToken | undefined {
  const hit = verified.get(token);
  if (!hit) return undefined;
  if (hit.expiresAtMs > Date.now()) return hit.token;
  verified.delete(token);
  return undefined;
}

function remember(token: string, result: VerifiedToken, exp: number | undefined): void {
  if (exp === undefined) return;
  if (verified.size >= MAX_CACHED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, { token: result, expiresAtMs: exp * 1000 });
}

/**
 * Verifies signature, issuer, audience and expiry. Throws `TokenRejected` for a token that is not
 * acceptable, and anything else (configuration, JWKS unavailable) as it is.
 */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  const hit = cached(token);
  if (hit) return hit;
  verify ??= createVerifier();
  let payload: JwtPayload;
  try {
    payload = await verify(token);
  } catch (error) {
    if (error instanceof JwtBaseError && !isKeyProblem(error)) throw new TokenRejected(error.name);
    throw error;
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenRejected('no sub claim');
  const result: VerifiedToken = {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    act: payload.act,
  };
  remember(token, result, payload.exp);
  return result;
}

/** Forget the verifier, so the next call reads configuration again (tests, local server restarts). */
export function resetVerifier(): void {
  verify = undefined;
  verified.clear();
}
