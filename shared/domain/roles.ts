/** Membership roles, lowest to highest rights: viewer reads, member writes, owner administers. */
export const ROLES = ['owner', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
