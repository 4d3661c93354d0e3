/** The analytics room of the data layer: its entry for code outside shared/db (see docs/architecture.md "Where things go"). */
export * from './analytics.ts';
export * from './connection-view.ts';
