/** The rates room of the data layer (the ECB's publications): its entry for code outside shared/db (see README "Where things go"). */
export * from './publications.ts';
export * from './conversion.ts';
export * from './import.ts';
