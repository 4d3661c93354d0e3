/** The email room of the data layer: its entry for code outside shared/db (see docs/architecture.md "Where things go"). */
export * from './outbox.ts';
