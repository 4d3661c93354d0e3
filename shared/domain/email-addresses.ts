/**
 * The mailbox an address reaches, as the per-recipient email limits count it (DECISIONS.md
 * "Tenants, memberships and roles"): surrounding whitespace and case dropped, and a `+tag`
 * subaddress folded into its mailbox, since the common providers deliver `ann+x@` to `ann@`: a
 * tag per request would otherwise reach one person without limit. Gmail also ignores dots in the
 * local part and delivers googlemail.com to gmail.com, so those are folded too. For counting
 * only, never for sending.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function mailboxOf(address: string): string {
  const normal = address.trim().toLowerCase();
  const at = normal.lastIndexOf('@');
  if (at < 0) return normal;
  const plus = normal.indexOf('+');
  const local = normal.slice(0, plus > 0 && plus < at ? plus : at);
  const domain = normal.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return `${local}@${domain}`;
  // A local part of dots alone is no Gmail address: kept as it is rather than folded to nothing.
  return `${local.replaceAll('.', '') || local}@gmail.com`;
}
