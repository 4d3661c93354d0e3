/** The catalogue room of the data layer: its entry for code outside shared/db (see README "Where things go"). */
export * from './activities.ts';
export * from './activities-run.ts';
export * from './activity-entity.ts';
export * from './activity-spend-days.ts';
export * from './activity-start.ts';
export * from './content-accounts.ts';
export * from './cost-rollups.ts';
export * from './cost-stats.ts';
export * from './costs.ts';
export * from './creator-entity.ts';
export * from './creator-links.ts';
export * from './creators.ts';
export * from './expense-categories.ts';
export * from './social-accounts.ts';
export * from './spend-order.ts';
