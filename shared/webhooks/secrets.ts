/**
 * Webhook signing secrets (Standard Webhooks): `whsec_` and the base64 of 24 random bytes, made
 * here, stored sealed with the token sealer (KMS in the cloud, under an encryption context naming
 * the organization and the purpose `webhook-signing-secret`, so a sealed secret copied to another
 * organization's endpoint does not open, and the delivery worker's grant opens no Google token)
 * and opened only by the delivery worker to sign. A secret is never logged.
 */
import { randomBytes } from 'node:crypto';
import * as tokenSealer from '../integrations/token-sealer/index.ts';

/** How long a rotated-out secret still signs deliveries beside the new one. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function sealSecret(organizationId: string, secret: string): Promise<string> {
  return tokenSealer.seal('webhook-signing-secret', organizationId, secret);
}

export function openSecret(organizationId: string, sealed: string): Promise<string> {
  return tokenSealer.open('webhook-signing-secret', organizationId, sealed);
}
