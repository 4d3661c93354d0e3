/**
 * Seals a secret before it is stored, so the table never holds it in clear, bound to its
 * organization and to what kind of secret it is (its purpose): a sealed value copied to another
 * organization's item, or to an item that keeps another kind of secret, does not open. KMS in the
 * cloud (cloud.ts), AES-256-GCM locally (local.ts); index.ts adds the stored form.
 */

/** The kinds of secret the sealer keeps; each role's KMS grant names the one it may use (infra/analytics-import.ts). */
export const SEAL_PURPOSES = ['google-refresh-token', 'webhook-signing-secret'] as const;
export type SealPurpose = (typeof SEAL_PURPOSES)[number];

/**
 * What a value is sealed under (its KMS encryption context): the organization and the purpose.
 * Values sealed before purposes were added carry the organization alone (no `purpose`).
 */
export interface SealContext {
  organizationId: string;
  purpose?: SealPurpose;
}

export interface TokenSealer {
  /** The sealed bytes, base64. */
  seal(context: SealContext, value: string): Promise<string>;
  open(context: SealContext, sealed: string): Promise<string>;
  /** The same value sealed under `to` instead of `from`, without it leaving the sealer (KMS ReEncrypt). */
  reseal(from: SealContext, to: SealContext, sealed: string): Promise<string>;
}
