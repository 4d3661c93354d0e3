/**
 * The scheduled import of the ECB's euro reference rates into the table (docs/decisions.md "Money
 * and metrics"; functions/jobs/import-ecb-rates.ts): the full history (`eurofxref-hist.xml`) once,
 * while nothing is stored; then the daily file, or the 90-day file when a TARGET working day is
 * missing between the newest stored publication and the daily one (a run missed, an outage).
 * Storing a publication again writes the same item, so a retried run changes nothing.
 */
import { targetWorkingDaysBetween } from '../../domain/target-calendar.ts';
import * as rates from '../../integrations/rates/index.ts';
import { newestStoredDate, storePublications } from './publications.ts';

export interface RatesImport {
  /** The file read. */
  read: 'history' | 'daily' | 'ninetyDays';
  /** Publications stored by this run. */
  stored: number;
  /** The newest stored publication after the run. */
  newest: string | undefined;
  /** TARGET working days from the newest stored publication to `today` (the alarm's figure). */
  workingDaysBehind: number;
}

/** Runs one import; `today` (YYYY-MM-DD, UTC) measures how far behind the stored rates are. */
export async function importEcbRates(today = new Date().toISOString().slice(0, 10)): Promise<RatesImport> {
  const newest = await newestStoredDate();
  const finish = (read: RatesImport['read'], stored: number, last: string | undefined): RatesImport => ({
    read,
    stored,
    newest: last,
    workingDaysBehind: last ? targetWorkingDaysBetween(last, today) : Number.POSITIVE_INFINITY,
  });
  if (!newest) {
    const history = await rates.readEcbFile('history');
    await storePublications(history);
    return finish(
      'history',
      history.length,
      history
        .map((p) => p.date)
        .sort()
        .at(-1),
    );
  }
  const daily = await rates.readEcbFile('daily');
  const latest = daily
    .map((p) => p.date)
    .sort()
    .at(-1)!;
  if (latest <= newest) return finish('daily', 0, newest);
  if (targetWorkingDaysBetween(newest, latest) <= 1) {
    await storePublications(daily);
    return finish('daily', daily.length, latest);
  }
  const gap = (await rates.readEcbFile('ninetyDays')).filter((p) => p.date > newest);
  await storePublications(gap);
  return finish(
    'ninetyDays',
    gap.length,
    gap
      .map((p) => p.date)
      .sort()
      .at(-1) ?? newest,
  );
}
