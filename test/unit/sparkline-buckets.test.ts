/** Sparkline buckets (shared/db/metrics/sparkline-buckets.ts): any 30 consecutive days touch at most 2, and a bucket's attribute names name one date each. */
import { describe, expect, it } from 'vitest';
import { BUCKET_DAYS, bucketStart, figureNames } from '../../shared/db/metrics/sparkline-buckets.ts';
import { addDays, datesBetween } from '../../shared/domain/reporting/days.ts';

/** Across the epoch (negative epoch days) and years around now. */
const ranges = [datesBetween('1969-06-01', '1970-08-01'), datesBetween('2025-01-01', '2028-03-01')];
const days = ranges.flat();

describe('bucketStart', () => {
  it('puts each date in the bucket of the BUCKET_DAYS days from its start, the same for every date of it', () => {
    for (const date of days) {
      const start = bucketStart(date);
      expect(start <= date && date <= addDays(start, BUCKET_DAYS - 1), date).toBe(true);
      expect(bucketStart(start)).toBe(start);
    }
  });

  it('lets any 30 consecutive days touch at most 2 buckets', () => {
    for (const range of ranges) {
      for (let i = 0; i + 30 <= range.length; i++)
        expect(new Set(range.slice(i, i + 30).map(bucketStart)).size).toBeLessThanOrEqual(2);
    }
  });

  it('names each date of a bucket apart', () => {
    const start = bucketStart('2027-12-20');
    const names = datesBetween(start, addDays(start, BUCKET_DAYS - 1)).flatMap((d) => Object.values(figureNames(d)));
    expect(new Set(names).size).toBe(BUCKET_DAYS * 2);
  });
});
