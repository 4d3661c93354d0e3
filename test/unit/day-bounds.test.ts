/**
 * The instants a calendar date starts and ends in a timezone (shared/domain/dates.ts), which a
 * date range is read by: local midnight whatever the offset (fractional, +14, -11, historic),
 * across daylight saving changes (one at midnight, where the day starts at 01:00), and at the
 * ends of the dates a request can name.
 */
import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, localDate } from '../../shared/domain/dates.ts';

const iso = (d: Date) => d.toISOString();

describe('dayStart and dayEnd', () => {
  it('are local midnight and the next one, in any offset', () => {
    expect(iso(dayStart('2026-02-11', 'UTC'))).toBe('2026-02-11T00:00:00.000Z');
    expect(iso(dayEnd('2026-02-11', 'UTC'))).toBe('2026-02-12T00:00:00.000Z');
    expect(iso(dayStart('2026-02-11', 'Europe/Berlin'))).toBe('2026-02-10T23:00:00.000Z');
    expect(iso(dayStart('2026-02-11', 'Asia/Kolkata'))).toBe('2026-02-10T18:30:00.000Z');
    expect(iso(dayStart('2026-02-11', 'Pacific/Kiritimati'))).toBe('2026-02-10T10:00:00.000Z');
    expect(iso(dayStart('2026-02-11', 'Pacific/Pago_Pago'))).toBe('2026-02-11T11:00:00.000Z');
  });

  it('follow daylight saving: a 23- and a 25-hour day, and a day whose midnight does not exist', () => {
    expect(iso(dayStart('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(dayEnd('2026-03-08', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(dayEnd('2026-11-01', 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    // Chile moved its clocks from 00:00 to 01:00 on 2024-09-08: the day starts at 01:00 (04:00 UTC).
    const start = dayStart('2024-09-08', 'America/Santiago');
    expect(iso(start)).toBe('2024-09-08T04:00:00.000Z');
    expect(localDate(start, 'America/Santiago')).toBe('2024-09-08');
    expect(localDate(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2024-09-07');
  });

  it('hold at the first and last dates a request can name, and the years before 100', () => {
    expect(iso(dayStart('0000-01-01', 'UTC'))).toBe('0000-01-01T00:00:00.000Z');
    expect(iso(dayStart('0050-03-01', 'UTC'))).toBe('0050-03-01T00:00:00.000Z');
    expect(dayEnd('9999-12-31', 'UTC').getTime()).toBe(Date.UTC(10000, 0, 1));
    expect(iso(dayStart('9999-12-31', 'Pacific/Kiritimati'))).toBe('9999-12-30T10:00:00.000Z');
  });

  it('localDate writes a year before 1000 with four digits', () => {
    expect(localDate('0050-03-01T12:00:00Z', 'UTC')).toBe('0050-03-01');
  });
});
