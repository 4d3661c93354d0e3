/** The metrics room of the data layer: its entry for code outside shared/db (see README "Where things go"). */
export * from './day-rollups.ts';
export * from './first-reading.ts';
export * from './follower-counts.ts';
export * from './metric-days.ts';
export * from './metric-due.ts';
export * from './snapshot-deletion.ts';
export * from './snapshots.ts';
export * from './sparkline-backfill.ts';
export * from './sparkline-buckets.ts';
