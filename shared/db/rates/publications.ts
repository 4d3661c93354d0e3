/**
 * The ECB's publications as stored (docs/decisions.md "Money and metrics"): one day item each,
 * written by the scheduled import (functions/jobs/import-ecb-rates.ts) and read by every cost write
 * that converts (the last publication on or before the cost's day: one Query of one item). Where a
 * rate table is put in place (`useRateTable`: `npm start` and the tests put the stand-in's), it
 * answers instead.
 */
import * as z from 'zod/mini';
import * as rates from '../../integrations/rates/index.ts';
import type { Publication, RateTable } from '../../integrations/rates/port.ts';
import { defineEntity } from '../table/entity.ts';
import { rateKeys } from '../table/keys.ts';
import { batchPut } from '../table/operations.ts';
import { queryRecordsUpTo } from '../table/query.ts';

const Publications = defineEntity({
  name: 'The ECB publication',
  schema: () => z.object({ date: z.string(), rates: z.record(z.string(), z.number()), importedAt: z.string() }),
  key: rateKeys.day,
  queries: { upTo: rateKeys.upTo },
});

/** The stored day items: the cloud's rate table. */
const storedRates: RateTable = {
  async onOrBefore(day) {
    const [found] = await queryRecordsUpTo(Publications.query.upTo(day), 1, { newestFirst: true });
    return found ? { date: found.date, rates: found.rates } : undefined;
  },
  latest: () => storedRates.onOrBefore('9999-12-31'),
};

/** The rate table in use: the one put in place, else the stored day items. */
export const rateTable = (): RateTable => rates.rateTableInPlace() ?? storedRates;

/** Stores publications (a batch write; a publication stored again is the same item). */
export async function storePublications(publications: readonly Publication[]): Promise<void> {
  const importedAt = new Date().toISOString();
  await batchPut(
    publications.map((p) => ({ ...Publications.key(p.date), date: p.date, rates: { ...p.rates }, importedAt })),
  );
}

/** The newest stored publication's date, or undefined when none is stored. */
export async function newestStoredDate(): Promise<string | undefined> {
  return (await storedRates.latest())?.date;
}
