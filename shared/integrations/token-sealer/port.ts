/**
 * Seals the analytics refresh token before it is stored, so the table never holds it in clear,
 * bound to its organization: a sealed token copied to another organization's item does not open.
 * The sealed form is one base64 string. KMS in the cloud (cloud.ts), AES-256-GCM locally (local.ts).
 */

export interface TokenSealer {
  seal(organizationId: string, token: string): Promise<string>;
  open(organizationId: string, sealed: string): Promise<string>;
}
