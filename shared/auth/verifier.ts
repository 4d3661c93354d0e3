/**
 * Bearer-token verification with aws-jwt-verify. One verifier per process (module scope), so its
 * JWKS cache survives between Lambda invocations.
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { config } from '../config.ts';

export interface VerifiedToken {
  sub: string;
  email?: string;
  name?: string;
  /** RFC 8693 actor claim: present on an agent's token acting for `sub`. */
  act?: unknown;
}

interface Verifier {
  verify(token: string): Promise<JwtPayload>;
}

let verifier: Verifier | undefined;

function createVerifier(): Verifier {
  const poolId = config.cognitoUserPoolId();
  if (poolId) {
    // Cognito access tokens carry `client_id` rather than `aud`.
    return CognitoJwtVerifier.create({ userPoolId: poolId, tokenUse: 'access', clientId: config.jwtAudience() });
  }
  const issuer = config.jwtIssuer();
  const rsa = JwtRsaVerifier.create({
    issuer,
    audience: config.jwtAudience(),
    jwksUri: config.jwksUri() ?? `${issuer.replace(/\/$/, '')}/.well-known/jwks.json`,
  });
  const inline = config.jwksJson();
  // aws-jwt-verify fetches only https JWKS URIs; the local issuer hands its keys over inline.
  if (inline) rsa.cacheJwks(JSON.parse(inline));
  return rsa;
}

/** Verifies signature, issuer, audience and expiry; throws an aws-jwt-verify error otherwise. */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  verifier ??= createVerifier();
  const payload = await verifier.verify(token);
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('token has no sub');
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    act: payload.act,
  };
}

/** Forget the verifier, so the next call reads configuration again (tests, local server restarts). */
export function resetVerifier(): void {
  verifier = undefined;
}
