/** The storage room of the data layer (objects released by deletions): its entry for code outside shared/db (see docs/architecture.md "Where things go"). */
export * from './released-objects.ts';
