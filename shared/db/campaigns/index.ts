/** The campaigns room of the data layer: its entry for code outside shared/db (see docs/architecture.md "Where things go"). */
export * from './announced-status.ts';
export * from './campaign-deletion.ts';
export * from './campaign-links.ts';
export * from './campaign-lists.ts';
export * from './campaign-view.ts';
export * from './campaigns.ts';
export * from './status-sweep.ts';
