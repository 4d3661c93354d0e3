/**
 * The local token issuer of `npm start` and the tests: an RSA key pair, its JWKS, and RS256 JWTs
 * shaped like the cloud issuer's (`sub` = userId, `iss`, `aud`, `exp`; `email` with `email_verified`;
 * `act` for an agent token).
 * Signing is a few lines of node:crypto, so no JOSE library ships for local use only.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  randomUUID,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

export const LOCAL_ISSUER = 'http://localhost/local-issuer';
export const LOCAL_AUDIENCE = 'creator-measurement-local';

export interface TokenClaims {
  userId: string;
  email?: string;
  name?: string;
  /** Mint an agent access token (RFC 8693 `act` claim naming the agent). */
  agent?: boolean;
  /** Lifetime in seconds (default one hour); negative for an already expired token. */
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  /**
   * Claims set last, over the ones above (tests: a token without `exp`, a Cognito-shaped token);
   * a claim given as `undefined` is left out.
   */
  claims?: Record<string, unknown>;
}

export interface Jwks {
  keys: Record<string, unknown>[];
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export class LocalIssuer {
  readonly kid: string;

  private constructor(
    private readonly privateKey: KeyObject,
    readonly issuer = LOCAL_ISSUER,
    readonly audience = LOCAL_AUDIENCE,
  ) {
    this.kid = createPublicKey(privateKey).export({ format: 'jwk' }).n!.slice(0, 16);
  }

  /** A new key pair, kept only in memory. */
  static ephemeral(): LocalIssuer {
    return new LocalIssuer(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
  }

  /**
   * The key pair stored at `file` (created on first use), so tokens survive restarts; without
   * `file`, a new one kept in memory. Generated off the main thread, so `npm start` can start the
   * emulators meanwhile.
   */
  static async load(file?: string): Promise<LocalIssuer> {
    if (file && existsSync(file)) return new LocalIssuer(createPrivateKey(await readFile(file)));
    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    if (file) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    }
    return new LocalIssuer(privateKey);
  }

  jwks(): Jwks {
    const jwk = createPublicKey(this.privateKey).export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: this.kid, alg: 'RS256', use: 'sig' }] };
  }

  /** Environment that points the service's verifier at this issuer. */
  verifierEnv(): Record<string, string> {
    return { JWT_ISSUER: this.issuer, JWT_AUDIENCE: this.audience, JWT_JWKS: JSON.stringify(this.jwks()) };
  }

  mint(claims: TokenClaims): string {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      sub: claims.userId,
      iss: claims.issuer ?? this.issuer,
      aud: claims.audience ?? this.audience,
      iat: now,
      exp: now + (claims.expiresIn ?? 3600),
      jti: randomUUID(),
      // The issuer vouches for the address it is given, as an IdP does once the user confirmed it.
      ...(claims.email ? { email: claims.email, email_verified: true } : {}),
      ...(claims.name ? { name: claims.name } : {}),
      ...(claims.agent ? { act: { sub: `agent:${claims.userId}` } } : {}),
      ...claims.claims,
    };
    const header = { alg: 'RS256', typ: 'JWT', kid: this.kid };
    const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    const signature = sign('RSA-SHA256', Buffer.from(signingInput), this.privateKey);
    return `${signingInput}.${b64url(signature)}`;
  }
}
