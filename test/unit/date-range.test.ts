/**
 * The one range check of the date-range reports (spend history, the analytics reports, metrics
 * confidence): at most 366 days, refused before any date is listed, so the widest range a request
 * can name (0001-01-01..9999-12-31, 3.65 million dates) costs nothing to refuse.
 */
import { describe, expect, it } from 'vitest';
import { toProblem } from '../../shared/http/middleware/problem-responses.ts';
import { rangeDates } from '../../shared/schemas/date-order.ts';
import { thrown } from '../support/thrown.ts';

describe('rangeDates', () => {
  it('lists up to 366 days, in a leap year and out of one, up to the last date a request can name', () => {
    expect(rangeDates({ startDate: '2024-01-01', endDate: '2024-12-31' })).toHaveLength(366);
    expect(rangeDates({ startDate: '2025-01-01', endDate: '2026-01-01' })).toHaveLength(366);
    expect(rangeDates({ startDate: '9999-01-01', endDate: '9999-12-31' })).toHaveLength(365);
  });

  it('refuses 367 days, a reversed range, and the widest range at once, naming endDate', () => {
    const started = performance.now();
    for (const range of [
      { startDate: '2024-01-01', endDate: '2025-01-01' },
      { startDate: '2026-02-02', endDate: '2026-02-01' },
      { startDate: '0001-01-01', endDate: '9999-12-31' },
    ]) {
      expect(toProblem(thrown(() => rangeDates(range))), JSON.stringify(range)).toMatchObject({
        status: 400,
        code: 'invalid_input',
        errors: [{ path: 'endDate' }],
      });
    }
    // Listing the widest range first took seconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('says one thing of the bound, the same in detail and field message (docs/decisions.md "Inputs")', () => {
    const bound = 'The range may cover at most 366 days (startDate to endDate inclusive).';
    expect(thrown(() => rangeDates({ startDate: '2024-01-01', endDate: '2025-01-01' }))).toMatchObject({
      detail: bound,
      errors: [{ path: 'endDate', message: bound }],
    });
  });
});
