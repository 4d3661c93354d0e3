/**
 * The table room's entry for code outside shared/db: addressing records by id, paging, what
 * kind an item is, the views of stored aggregates and record ids. Keys, operations, transactions
 * and the entity layer stay inside shared/db, where each room's entities use them.
 */
export * from './aggregates.ts';
export * from './ids.ts';
export * from './item-kinds.ts';
export * from './paging.ts';
export * from './records.ts';
/** A stored item's key, which a route names its record by (shared/http's authorize). */
export type { Key } from './keys.ts';
/** What the retry policy could not get through: shared/http answers them with 503 (problem-responses.ts). */
export { isThrottling, isTransactionConflict } from './retry.ts';
