/** The evidence room of the data layer: its entry for code outside shared/db (see docs/architecture.md "Where things go"). */
export * from './entities.ts';
export * from './files.ts';
export * from './notes.ts';
export * from './outcome-definitions.ts';
export * from './outcome-measurements.ts';
export * from './outcome-totals.ts';
