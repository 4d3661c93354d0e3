/**
 * The scheduled import of the ECB's rates (shared/db/rates/import.ts) as a real client of the ECB's
 * real files (shared/integrations/rates/cloud.ts over HTTP), against the local stand-in serving the
 * repository's copy of the 90-day file (infra/local/fakes/ecb.ts), into DynamoDB Local: the history
 * once, then the daily file; a gap filled from the 90-day file; the stored day items answer the
 * publication of a day or the last before it; a failing ECB fails the run and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEcb } from '../../../infra/local/fakes/ecb.ts';
import { importEcbRates, rateTable } from '../../../shared/db/rates/index.ts';
import { batchDelete } from '../../../shared/db/table/operations.ts';
import { rateKeys } from '../../../shared/db/table/keys.ts';
import { useRateTable } from '../../../shared/integrations/rates/index.ts';
import { EcbFileError } from '../../../shared/integrations/rates/port.ts';

let ecb: FakeEcb;

beforeAll(async () => {
  ecb = await FakeEcb.start();
  process.env.ECB_RATES_URL = ecb.url;
  // The stored day items, not the stand-in's table that the test setup puts in place.
  useRateTable(undefined);
});
afterAll(async () => {
  delete process.env.ECB_RATES_URL;
  await ecb.stop();
});

describe('the ECB rates import', () => {
  it('fails when the ECB answers an error, storing nothing', async () => {
    ecb.failNext();
    await expect(importEcbRates('2017-03-03')).rejects.toThrow(EcbFileError);
    expect(await rateTable().latest()).toBeUndefined();
  });

  it('reads the history once, then the daily file; the table answers a day or the last publication before it', async () => {
    ecb.requested.length = 0;
    expect(await importEcbRates('2017-03-09')).toEqual({
      read: 'history',
      stored: 64,
      newest: '2017-03-03',
      workingDaysBehind: 4,
    });
    expect(ecb.requested).toEqual(['/stats/eurofxref/eurofxref-hist.xml']);
    expect(await rateTable().onOrBefore('2017-02-26')).toMatchObject({
      date: '2017-02-24',
      rates: { USD: 1.0609, GBP: 0.84503 },
    });
    expect((await rateTable().onOrBefore('2030-01-01'))!.date).toBe('2017-03-03');
    expect(await rateTable().onOrBefore('2016-12-04')).toBeUndefined();

    ecb.requested.length = 0;
    expect(await importEcbRates('2017-03-03')).toEqual({
      read: 'daily',
      stored: 0,
      newest: '2017-03-03',
      workingDaysBehind: 0,
    });
    expect(ecb.requested).toEqual(['/stats/eurofxref/eurofxref-daily.xml']);
  });

  it('fills a gap of more than one TARGET working day from the 90-day file', async () => {
    // Takes the last two weeks away, as if the job had not run since 2017-02-17.
    const days = [
      '2017-02-20',
      '2017-02-21',
      '2017-02-22',
      '2017-02-23',
      '2017-02-24',
      '2017-02-27',
      '2017-02-28',
      '2017-03-01',
      '2017-03-02',
      '2017-03-03',
    ];
    await batchDelete(days.map(rateKeys.day));
    ecb.requested.length = 0;
    expect(await importEcbRates('2017-03-03')).toEqual({
      read: 'ninetyDays',
      stored: 10,
      newest: '2017-03-03',
      workingDaysBehind: 0,
    });
    expect(ecb.requested).toEqual(['/stats/eurofxref/eurofxref-daily.xml', '/stats/eurofxref/eurofxref-hist-90d.xml']);
    expect((await rateTable().onOrBefore('2017-02-21'))!.date).toBe('2017-02-21');
  });
});
