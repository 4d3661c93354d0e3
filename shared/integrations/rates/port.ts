/**
 * Euro reference rates (docs/decisions.md "Money and metrics"): the European Central Bank's
 * publications, each a day's quotes of currencies per 1 EUR, and the files it publishes them in.
 * Domain types only: no HTTP client, no table.
 */

/** One publication day: units of each currency per 1 EUR (EUR itself is 1 and not listed). */
export interface Publication {
  /** YYYY-MM-DD, the day the ECB published it (a TARGET working day). */
  date: string;
  rates: Readonly<Record<string, number>>;
}

/** The ECB's three files: the full history, the last 90 publications, the last one. */
export type EcbFile = 'history' | 'ninetyDays' | 'daily';

/** The files the ECB serves, each parsed into its publications (newest first, as the ECB lists them). */
export interface EcbFiles {
  read(file: EcbFile): Promise<Publication[]>;
}

/** The rates a cost is converted at: the publication of a day, or the last one before it. */
export interface RateTable {
  /** The publication of `day` (YYYY-MM-DD) or the last one before it; undefined before the first. */
  onOrBefore(day: string): Promise<Publication | undefined>;
  /** The newest publication. */
  latest(): Promise<Publication | undefined>;
}

/** The ECB's file could not be read or parsed. */
export class EcbFileError extends Error {}
