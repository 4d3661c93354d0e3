/**
 * The reports room: read models over the stored aggregates of the write rooms (catalogue,
 * campaigns, metrics, analytics). It sits above them and none imports it, so a write room never
 * depends on how a report reads it.
 */
export * from './reporting.ts';
