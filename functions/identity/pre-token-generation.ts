/**
 * Cognito pre-token-generation trigger (V2 event, so that access tokens can be customised) of the
 * stack's own user pool (infra/user-pool.ts): puts the user's `email` and `email_verified` into the
 * access token. The service accepts only access tokens in the cloud and takes a user's email from
 * the token that vouches for it (docs/decisions.md "Identity and tokens"); Cognito's access tokens
 * carry neither claim by themselves. Logs nothing: the event holds the address.
 */
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

/** The claims added to the access token: an unverified address goes in as `email_verified: "false"`, which vouches for nothing. */
export function accessTokenClaims(userAttributes: Record<string, string | undefined>): Record<string, string> {
  const { email, email_verified: verified } = userAttributes;
  if (!email) return {};
  return { email, email_verified: verified === 'true' ? 'true' : 'false' };
}

export async function handler(event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> {
  const details = event.response?.claimsAndScopeOverrideDetails ?? {};
  event.response = {
    claimsAndScopeOverrideDetails: {
      ...details,
      accessTokenGeneration: {
        ...details.accessTokenGeneration,
        claimsToAddOrOverride: {
          ...details.accessTokenGeneration?.claimsToAddOrOverride,
          ...accessTokenClaims(event.request.userAttributes),
        },
      },
    },
  };
  return event;
}
