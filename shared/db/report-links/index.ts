/** The report links room of the data layer: its entry for code outside shared/db (see README "Where things go"). */
export * from './report-links.ts';
