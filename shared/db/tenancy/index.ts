/** The tenancy room of the data layer: its entry for code outside shared/db (see README "Where things go"). */
export * from './access.ts';
export * from './account-deletion.ts';
export * from './avatars.ts';
export * from './demo-access.ts';
export * from './email-changes.ts';
export * from './invitations.ts';
export * from './members.ts';
export * from './memberships.ts';
export * from './rate-limits.ts';
export * from './settings.ts';
export * from './tenant-deletion.ts';
export * from './tenant-entity.ts';
export * from './tenant-views.ts';
export * from './tenants.ts';
export * from './users.ts';
