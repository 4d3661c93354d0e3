/**
 * A report link's token (docs/decisions.md "Report links"): 32 random bytes (256 bits) in base64url,
 * 43 characters, shown once in the link's url. Only its SHA-256 is stored, and a link is found by
 * that hash alone, so every token costs the same work to look up (one hash, one GetItem), known,
 * revoked or never made.
 */
import { createHash, randomBytes } from 'node:crypto';

export const REPORT_TOKEN_BYTES = 32;

/** Anything else cannot be a token: answered as an unknown one, without a lookup. */
export const REPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newReportToken(): string {
  return randomBytes(REPORT_TOKEN_BYTES).toString('base64url');
}

/** The stored form of a token: its SHA-256, hex. */
export function reportTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
