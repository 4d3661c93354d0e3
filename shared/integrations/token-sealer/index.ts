/**
 * The token sealer of this environment: KMS when `ANALYTICS_TOKEN_KEY_ARN` is set (the stack sets
 * it), the local stand-in otherwise (its key in `LOCAL_TOKEN_KEY_FILE`, or per process).
 * `useTokenSealer` puts another implementation in its place (a test); `useTokenSealer(undefined)`
 * goes back to the configured one, chosen afresh.
 *
 * The stored form of a sealed secret is `<purpose>:<base64>`, sealed under `{organizationId,
 * purpose}`, so each role's KMS grant can name the kind of secret it may open. A value stored
 * before purposes is bare base64 under `{organizationId}`: `open` still opens it (only the roles
 * that own that kind of secret keep that grant, while `legacySealedSecrets` is on), and
 * `resealWithPurpose` (`npm run reindex`) binds it to its purpose.
 */
import { KmsTokenSealer } from './cloud.ts';
import { LocalTokenSealer } from './local.ts';
import type { SealPurpose, TokenSealer } from './port.ts';

let chosen: TokenSealer | undefined;

export function getTokenSealer(): TokenSealer {
  const arn = process.env.ANALYTICS_TOKEN_KEY_ARN;
  chosen ??= arn ? new KmsTokenSealer(arn) : LocalTokenSealer.load(process.env.LOCAL_TOKEN_KEY_FILE);
  return chosen;
}

export function useTokenSealer(sealer: TokenSealer | undefined): void {
  chosen = sealer;
}

/** The purpose a stored value names, and its sealed bytes; no purpose for a value sealed before purposes (base64 has no colon). */
function storedForm(stored: string): { purpose?: string; sealed: string } {
  const colon = stored.indexOf(':');
  return colon === -1 ? { sealed: stored } : { purpose: stored.slice(0, colon), sealed: stored.slice(colon + 1) };
}

/** Seals `value` as a `purpose` of `organizationId`, in its stored form. */
export async function seal(purpose: SealPurpose, organizationId: string, value: string): Promise<string> {
  return `${purpose}:${await getTokenSealer().seal({ organizationId, purpose }, value)}`;
}

/** Opens a stored `purpose` of `organizationId`; a value stored as another kind of secret is refused before any key is used. */
export async function open(purpose: SealPurpose, organizationId: string, stored: string): Promise<string> {
  const form = storedForm(stored);
  if (form.purpose === undefined) return getTokenSealer().open({ organizationId }, form.sealed);
  if (form.purpose !== purpose) throw new Error(`A sealed ${form.purpose} is not a ${purpose}.`);
  return getTokenSealer().open({ organizationId, purpose }, form.sealed);
}

/** Whether a stored value was sealed before purposes (only `{organizationId}` binds it). */
export const sealedWithoutPurpose = (stored: string): boolean => storedForm(stored).purpose === undefined;

/** A value stored before purposes, sealed again as a `purpose` of its organization, in its stored form. */
export async function resealWithPurpose(purpose: SealPurpose, organizationId: string, stored: string): Promise<string> {
  return `${purpose}:${await getTokenSealer().reseal({ organizationId }, { organizationId, purpose }, stored)}`;
}
