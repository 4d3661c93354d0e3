/**
 * The mailbox an address reaches, as the per-recipient email limits count it (docs/decisions.md
 * "Tenants, memberships and roles"): surrounding whitespace and case dropped, and a `+tag`
 * subaddress folded into its mailbox, since the common providers deliver `ann+x@` to `ann@`: a
 * tag per request would otherwise reach one person without limit. For counting only, never for sending.
 */
export function mailboxOf(address: string): string {
  const normal = address.trim().toLowerCase();
  const at = normal.lastIndexOf('@');
  const plus = normal.indexOf('+');
  return plus > 0 && plus < at ? normal.slice(0, plus) + normal.slice(at) : normal;
}
