/** The exports room of the data layer: its entry for code outside shared/db (see README "Where things go"). */
export * from './exports.ts';
export { EXPORTS_AT_ONCE, SLOT_HELD_MS } from './export-slots.ts';
