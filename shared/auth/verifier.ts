/**
 * Bearer-token verification with aws-jwt-verify. One verifier per process (module scope), so its
 * JWKS cache survives between Lambda invocations.
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import {
  CognitoJwtInvalidClientIdError,
  CognitoJwtInvalidTokenUseError,
  FetchError,
  JwksNotAvailableInCacheError,
  JwksValidationError,
  JwtBaseError,
  JwtExpiredError,
  JwtInvalidAudienceError,
  JwtInvalidClaimError,
  JwtInvalidIssuerError,
  JwtInvalidSignatureAlgorithmError,
  JwtInvalidSignatureError,
  JwtNotBeforeError,
  JwtParseError,
  JwtWithoutValidKidError,
  KidNotFoundInJwksError,
} from 'aws-jwt-verify/error';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { config } from '../config.ts';

export interface VerifiedToken {
  sub: string;
  /** The address the issuer vouches for: its `email` claim, when `email_verified` is absent, true or "true". */
  email?: string;
  name?: string;
  /** RFC 8693 actor claim: present on an agent's token acting for `sub`. */
  act?: unknown;
}

/**
 * The token itself is not acceptable (expired, badly signed, wrong claims, unparseable). `reason`
 * says what is wrong in words a client can act on ("it has expired"), never a class name.
 */
export class TokenRejected extends Error {
  constructor(readonly reason: string) {
    super(`token rejected: ${reason}`);
  }
}

/** docs/decisions.md "Identity and tokens": tokens live at most 24 hours. */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 3600;

/** What each aws-jwt-verify rejection means, most specific first (the classes extend each other). */
const REASONS: [abstract new (...args: never[]) => Error, string][] = [
  [JwtExpiredError, 'it has expired'],
  [JwtNotBeforeError, 'it is not valid yet (nbf)'],
  [JwtInvalidIssuerError, 'it was issued by another issuer'],
  [JwtInvalidAudienceError, 'it was issued for another audience'],
  [CognitoJwtInvalidClientIdError, 'it was issued for another client'],
  [CognitoJwtInvalidTokenUseError, 'it is not an access token'],
  [JwtInvalidSignatureAlgorithmError, 'its signature algorithm is not accepted'],
  [JwtInvalidSignatureError, 'its signature does not verify'],
  [KidNotFoundInJwksError, 'it is not signed by a key of the issuer'],
  [JwtWithoutValidKidError, 'it names no signing key (kid)'],
  [JwtParseError, 'it is not a well-formed JWT'],
  [JwtInvalidClaimError, 'one of its claims is not acceptable'],
];

function reasonOf(error: JwtBaseError): string {
  return REASONS.find(([kind]) => error instanceof kind)?.[1] ?? 'it could not be verified';
}

/** Clock skew tolerated between the issuer and this service. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * aws-jwt-verify checks `exp` only when a token has one, and never checks `iat`: a token without
 * `exp`, or one that stays valid for longer than a day, would be a credential that never (or only
 * much later) stops working. The day is counted from now, whatever `iat` claims (an `iat` put just
 * before a far `exp` would otherwise make a ten-year token look like a one-hour one), and from
 * `iat` too (a token minted a month ago to last a month and a day); an `iat` in the future is
 * refused (beyond the skew).
 */
function checkLifetime(payload: JwtPayload): void {
  const { exp, iat } = payload;
  if (typeof exp !== 'number') throw new TokenRejected('it has no expiry (exp)');
  const now = Date.now() / 1000;
  if (exp - now > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS)
    throw new TokenRejected('it lives longer than 24 hours');
  if (typeof iat === 'number' && exp - iat > MAX_TOKEN_LIFETIME_SECONDS)
    throw new TokenRejected('it lives longer than 24 hours');
  if (typeof iat === 'number' && iat > now + CLOCK_SKEW_SECONDS)
    throw new TokenRejected('it was issued in the future (iat)');
}

/**
 * Only `true` (or the string "true", which some issuers send) vouches for the `email` claim, and
 * an issuer that does not say (no `email_verified`) vouches for what it puts there; anything else
 * (`false`, "False", 0, null) does not: a value we cannot read as a yes is a no.
 */
function vouchedEmail(payload: JwtPayload): string | undefined {
  if (typeof payload.email !== 'string' || payload.email === '') return undefined;
  const verified = payload.email_verified;
  return verified === undefined || verified === true || verified === 'true' ? payload.email : undefined;
}

type Verify = (token: string) => Promise<JwtPayload>;

let verify: Verify | undefined;

function createVerifier(): Verify {
  const poolId = config.cognitoUserPoolId();
  const inline = config.jwksJson();
  if (poolId) {
    // Access tokens only: a Cognito ID token (`token_use: id`) is rejected. Access tokens carry
    // `client_id` rather than `aud`.
    const cognito = CognitoJwtVerifier.create({
      userPoolId: poolId,
      tokenUse: 'access',
      clientId: config.jwtAudience(),
    });
    if (inline) {
      // Tests hand the pool's keys over inline, so the Cognito rules run without a network fetch.
      cognito.cacheJwks(JSON.parse(inline));
      return async (token) => cognito.verifySync(token);
    }
    return (token) => cognito.verify(token);
  }
  const issuer = config.jwtIssuer();
  const rsa = JwtRsaVerifier.create({
    issuer,
    audience: config.jwtAudience(),
    jwksUri: config.jwksUri() ?? `${issuer.replace(/\/$/, '')}/.well-known/jwks.json`,
  });
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
  return (
    error instanceof FetchError || error instanceof JwksValidationError || error instanceof JwksNotAvailableInCacheError
  );
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

function remember(token: string, result: VerifiedToken, exp: number): void {
  if (verified.size >= MAX_CACHED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, { token: result, expiresAtMs: exp * 1000 });
}

/**
 * Verifies signature, issuer, audience, expiry and lifetime (`exp` required, at most 24 hours
 * from now and from `iat`; `iat` not in the future).
 * Throws `TokenRejected` for a token that is not
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
    if (error instanceof JwtBaseError && !isKeyProblem(error)) throw new TokenRejected(reasonOf(error));
    throw error;
  }
  checkLifetime(payload);
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenRejected('it names no user (sub)');
  const result: VerifiedToken = {
    sub: payload.sub,
    email: vouchedEmail(payload),
    name: typeof payload.name === 'string' ? payload.name : undefined,
    act: payload.act,
  };
  remember(token, result, payload.exp!);
  return result;
}

/** Forget the verifier, so the next call reads configuration again (tests, local server restarts). */
export function resetVerifier(): void {
  verify = undefined;
  verified.clear();
}
