/**
 * The pure rules of web analytics (shared/domain/analytics.ts): which redirect paths stay on the
 * web client, stable signal ids, zero-filled history, and the figures of the how-did-you-hear
 * evidence and direct signals worked by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  directSignals,
  hdyhauEvidence,
  historyRows,
  isWebClientPath,
  normalizeRawValue,
  signalIdOf,
  type StoredSignal,
} from '../../shared/domain/analytics.ts';

describe('isWebClientPath', () => {
  it('accepts paths of the web client, with a query or fragment', () => {
    for (const path of ['/', '/settings/analytics', '/a/b?tab=google&x=1', '/a#top'])
      expect(isWebClientPath(path), path).toBe(true);
  });
  it('refuses schemes, hosts, protocol-relative and backslash tricks, encoded slashes, control characters and over 500 characters', () => {
    for (const path of [
      '',
      'settings',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil',
      '/a//b',
      '/%2f%2fevil',
      '/%5Cevil',
      '/a\nb',
      ' /a',
      'javascript:alert(1)',
      `/${'a'.repeat(500)}`,
    ]) {
      expect(isWebClientPath(path), JSON.stringify(path)).toBe(false);
    }
  });
});

describe('normalizeRawValue', () => {
  it('makes one trimmed NFC line of at most 500 characters, as the mapping input takes it', () => {
    expect(normalizeRawValue(' Podcast\n')).toBe('Podcast');
    expect(normalizeRawValue('Insta\r\ngram\u202E')).toBe('Insta gram');
    expect(normalizeRawValue('Cafe\u0301')).toBe('Caf\u00e9');
    expect(normalizeRawValue(`${'a'.repeat(499)} b`)).toBe('a'.repeat(499));
  });
});

describe('signalIdOf', () => {
  it('is a stable UUID per organization, dimension and value', () => {
    const id = signalIdOf('t1', 'orderCoupon', 'CREATOR10');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(signalIdOf('t1', 'orderCoupon', 'CREATOR10')).toBe(id);
    expect(signalIdOf('t2', 'orderCoupon', 'CREATOR10')).not.toBe(id);
    expect(signalIdOf('t1', 'sessionCampaignName', 'CREATOR10')).not.toBe(id);
  });
});

const day = (date: string, successEvents: number) => ({ date, sessions: 10, users: 5, pageViews: 20, successEvents });

describe('historyRows', () => {
  it('has one row per date, zero where nothing was imported', () => {
    expect(historyRows(['2026-01-01', '2026-01-02'], [day('2026-01-02', 3)])).toEqual([
      { date: '2026-01-01', sessions: 0, users: 0, pageViews: 0, successEvents: 0 },
      day('2026-01-02', 3),
    ]);
  });
});

describe('hdyhauEvidence', () => {
  const dimension = 'customEvent:how_did_you_hear';
  const answer = (date: string, rawValue: string, successEvents: number) => ({
    date,
    dimension,
    rawValue,
    successEvents,
    sessions: successEvents,
  });
  it('classifies by the mappings, with coverage, creator relevance, flags and a timeline', () => {
    const { data: evidence, warnings } = hdyhauEvidence({
      dates: ['2026-01-01', '2026-01-02'],
      dimension,
      days: [day('2026-01-01', 10), day('2026-01-02', 10)],
      answers: [
        answer('2026-01-01', 'Instagram', 3),
        answer('2026-01-02', 'Instagram', 1),
        answer('2026-01-02', 'Radio', 4),
        { ...answer('2026-01-02', 'Other dim', 9), dimension: 'customEvent:x' },
      ],
      mappings: [
        { dimensionApiName: dimension, rawValue: 'Instagram', normalizedValue: 'Instagram', category: 'creator' },
      ],
    });
    expect(evidence.responses).toEqual([
      { rawValue: 'Instagram', successEvents: 4, sessions: 4, normalizedValue: 'Instagram', category: 'creator' },
      { rawValue: 'Radio', successEvents: 4, sessions: 4, normalizedValue: null, category: null },
    ]);
    expect(evidence.totals).toEqual({ successEvents: 20, answeredSuccessEvents: 8, creatorSuccessEvents: 4 });
    expect(evidence.coverage).toBe(0.4);
    expect(evidence.creatorRelevance).toBe(0.5);
    expect(evidence.dataQualityFlags).toEqual(['unmapped_answers']);
    expect(evidence.timeline).toEqual([
      { date: '2026-01-01', successEvents: 10, answeredSuccessEvents: 3, creatorSuccessEvents: 3 },
      { date: '2026-01-02', successEvents: 10, answeredSuccessEvents: 5, creatorSuccessEvents: 1 },
    ]);
    expect(warnings).toEqual([]);
  });
  it('counts no day whose answers exceed its key events, nor anything outside the range: the totals are the sums of the rows', () => {
    const dates = Array.from({ length: 12 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
    const { data, warnings } = hdyhauEvidence({
      dates,
      dimension,
      // Day 1 is coherent; days 2 to 12 have more answered key events than key events; 2025-12-31 is outside the range.
      days: [...dates.map((date) => day(date, 4)), day('2025-12-31', 50)],
      answers: [
        ...dates.map((date, i) => answer(date, 'Instagram', i === 0 ? 3 : 5)),
        answer('2025-12-31', 'Radio', 9),
      ],
      mappings: [
        { dimensionApiName: dimension, rawValue: 'Instagram', normalizedValue: 'Instagram', category: 'creator' },
      ],
    });
    expect(data.totals).toEqual({ successEvents: 48, answeredSuccessEvents: 3, creatorSuccessEvents: 3 });
    expect(data.responses).toEqual([
      { rawValue: 'Instagram', successEvents: 3, sessions: 3, normalizedValue: 'Instagram', category: 'creator' },
    ]);
    expect(data.timeline[0]).toEqual({
      date: '2026-01-01',
      successEvents: 4,
      answeredSuccessEvents: 3,
      creatorSuccessEvents: 3,
    });
    expect(data.timeline[1]).toEqual({
      date: '2026-01-02',
      successEvents: 4,
      answeredSuccessEvents: 0,
      creatorSuccessEvents: 0,
    });
    expect(data.dataQualityFlags).toEqual(['low_coverage', 'answers_exceed_success_events']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^answers_exceed_success_events: on 11 of 12 days .*: 2026-01-02 \(5 answered of 4\), .*2026-01-11 \(5 answered of 4\) and 1 more;/,
    );
  });
  it('has no ratios without a denominator', () => {
    const { data: evidence } = hdyhauEvidence({
      dates: ['2026-01-01'],
      dimension,
      days: [],
      answers: [],
      mappings: [],
    });
    expect(evidence).toMatchObject({ coverage: null, creatorRelevance: null, dataQualityFlags: ['no_answers'] });
  });
});

describe('directSignals', () => {
  const signal = (signalId: string, extra: Partial<StoredSignal> = {}): StoredSignal => ({
    signalId,
    kind: 'promo_code',
    dimension: 'orderCoupon',
    value: signalId,
    association: null,
    ignored: false,
    ...extra,
  });
  it('leaves ignored signals out of the default view and the headline, buckets referral channels, zero-fills the timeline', () => {
    const report = directSignals({
      dates: ['2026-01-01', '2026-01-02'],
      signals: [
        signal('a', { association: { type: 'referral_channel', channel: 'podcast' } }),
        signal('b', { ignored: true }),
        signal('c'),
      ],
      days: [
        { date: '2026-01-01', signalId: 'a', sessions: 5, users: 4, successEvents: 1 },
        { date: '2026-01-01', signalId: 'b', sessions: 50, users: 40, successEvents: 10 },
        { date: '2026-01-01', signalId: 'c', sessions: 2, users: 2, successEvents: 0 },
      ],
      includeIgnored: false,
    });
    expect(report.signals.map((s) => s.signalId)).toEqual(['a', 'c']);
    expect(report.headline).toEqual({ signals: 2, mapped: 1, unmapped: 1, ignored: 1, sessions: 7, successEvents: 1 });
    expect(report.referralChannels).toEqual([
      { channel: 'podcast', signals: 1, sessions: 5, dailyUsers: 4, successEvents: 1 },
    ]);
    expect(report.timeline).toEqual([
      { date: '2026-01-01', sessions: 7, dailyUsers: 6, successEvents: 1 },
      { date: '2026-01-02', sessions: 0, dailyUsers: 0, successEvents: 0 },
    ]);
  });
  it("counts only the range's days, so the signals, the headline and the timeline add up alike", () => {
    const report = directSignals({
      dates: ['2026-01-01'],
      signals: [signal('a')],
      days: [
        { date: '2026-01-01', signalId: 'a', sessions: 5, users: 4, successEvents: 1 },
        { date: '2026-01-02', signalId: 'a', sessions: 50, users: 40, successEvents: 10 },
      ],
      includeIgnored: false,
    });
    expect(report.signals).toEqual([
      expect.objectContaining({ signalId: 'a', sessions: 5, dailyUsers: 4, successEvents: 1, daysSeen: 1 }),
    ]);
    expect(report.headline).toMatchObject({ sessions: 5, successEvents: 1 });
    expect(report.timeline).toEqual([{ date: '2026-01-01', sessions: 5, dailyUsers: 4, successEvents: 1 }]);
  });
});

describe('daysDue (the scheduled import)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('backfills a connection never imported, refreshes one imported over 20 hours ago, leaves a fresh one', async () => {
    const { daysDue } = await import('../../functions/jobs/analytics-import/import.ts');
    expect(daysDue({ importedThrough: null, lastImportAt: null }, now)).toBe(90);
    expect(daysDue({ importedThrough: '2026-03-09', lastImportAt: '2026-03-09T15:00:00Z' }, now)).toBe(3);
    expect(daysDue({ importedThrough: '2026-03-10', lastImportAt: '2026-03-10T11:00:00Z' }, now)).toBe(0);
    expect(daysDue({ importedThrough: '2026-03-10', lastImportAt: '2026-03-10T11:00:00Z' }, now, true)).toBe(3);
  });
});
