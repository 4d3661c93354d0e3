/** The token issuer of one test file; `setup-env.ts` points the service's verifier at it. */
import { LocalIssuer, type TokenClaims } from '../../infra/local/issuer.ts';

export const testIssuer = LocalIssuer.ephemeral();

export function tokenFor(userId: string, claims: Omit<TokenClaims, 'userId'> = {}): string {
  return testIssuer.mint({ userId, ...claims });
}
