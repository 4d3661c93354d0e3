/**
 * The euro reference rates of this environment. The files: the ECB's over HTTPS (cloud.ts), or the
 * local stand-in that `npm start` and the tests point `ECB_RATES_URL` at. The rate table: in the
 * cloud the day items the scheduled import keeps in the service's table (shared/db/rates), which the
 * data layer reads when no table is put in place; `npm start` and the tests put the stand-in's
 * (local.ts) in place with `useRateTable`. Callers import this module whole.
 */
import { ecbFiles } from './cloud.ts';
import type { EcbFile, EcbFiles, RateTable } from './port.ts';

let files: EcbFiles | undefined;
let table: RateTable | undefined;

/** Another source of the ECB's files (a test); undefined goes back to HTTPS. */
export function useEcbFiles(impl: EcbFiles | undefined): void {
  files = impl;
}

export const readEcbFile = (file: EcbFile) => (files ?? ecbFiles).read(file);

/** Puts a rate table in place of the stored one (the stand-in); undefined goes back to the stored day items. */
export function useRateTable(impl: RateTable | undefined): void {
  table = impl;
}

/** The rate table put in place, if any (else the data layer reads its stored day items). */
export const rateTableInPlace = (): RateTable | undefined => table;
