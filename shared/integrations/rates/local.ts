/**
 * The local stand-in's rate table (docs/decisions.md "Money and metrics"): the ECB's own 90-day
 * file of 2017-03-03, the repository's copy (data/), parsed by the cloud's parser. A cost dated
 * after 2017-03-03 converts at that day's rates, one before 2016-12-05 has none.
 */
import { readFileSync } from 'node:fs';
import { parseEcbFile, onOrBefore } from './parse.ts';
import type { Publication, RateTable } from './port.ts';

/** The repository's copy of the ECB's 90-day file of 2017-03-03. */
export const STAND_IN_FILE = new URL('./data/eurofxref-hist-90d-2017-03-03.xml', import.meta.url);

let publications: Publication[] | undefined;

/** The stand-in file's publications, newest first (read once). */
export function standInPublications(): Publication[] {
  publications ??= parseEcbFile(readFileSync(STAND_IN_FILE, 'utf8'));
  return publications;
}

export const standInRates: RateTable = {
  onOrBefore: async (day) => onOrBefore(standInPublications(), day),
  latest: async () => standInPublications()[0],
};
