/**
 * The demo room: the shared demo organization's sample data, written through the catalogue's
 * repositories, so it sits above the catalogue (tenancy, below it, only keeps the demo's pointer).
 */
export * from './demo-tenant.ts';
