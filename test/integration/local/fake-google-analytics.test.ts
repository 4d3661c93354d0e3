/**
 * The fake Google Analytics' data is a plausible GA4 property, day by day (docs/decisions.md "Figures a reader can check": users above
 * sessions and a tagged link with more key events than sessions hid a report contradicting
 * itself). Asked exactly what the import asks, over every property, 120 days and two revisions:
 * - a day: users <= sessions (a user counted had a session), page views >= sessions (a web
 *   session opens with a page view), key events <= sessions;
 * - the how-did-you-hear report splits the day's key events: each key event carries one answer or
 *   none (`(not set)`), so the values' key events sum to the day's and answered ones never exceed
 *   it; an answer's sessions are at most its key events (it is given with one);
 * - each signal dimension splits the day's sessions and key events (a session has one campaign,
 *   term and coupon, or none); a value's users and key events are at most its sessions;
 * - and the data stays deterministic: the same request answers the same, and a day's figures do
 *   not depend on the range asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PROPERTIES, type FakeGoogleAnalytics } from '../../../infra/local/fakes/google-analytics.ts';
import {
  DEFAULT_HDYHAU_DIMENSION,
  hasValue,
  normalizeRawValue,
  SIGNAL_DIMENSIONS,
} from '../../../shared/domain/analytics.ts';
import * as analytics from '../../../shared/integrations/analytics/index.ts';
import type { ReportRow } from '../../../shared/integrations/analytics/port.ts';
import { fakeAccessToken, startFakeGoogle } from '../../support/fake-google.ts';

let fake: FakeGoogleAnalytics;
let accessToken: string;

beforeAll(async () => {
  fake = await startFakeGoogle();
  accessToken = await fakeAccessToken();
});

afterAll(async () => {
  await fake?.stop();
});

const RANGE = { from: '2026-07-30', to: '2026-11-26' };
const DAY_METRICS = ['sessions', 'totalUsers', 'screenPageViews', 'keyEvents'];

const byDate = (rows: ReportRow[]) => {
  const out = new Map<string, ReportRow[]>();
  for (const row of rows) out.set(row.dimensions.date!, [...(out.get(row.dimensions.date!) ?? []), row]);
  return out;
};
const sum = (rows: ReportRow[], metric: string) => rows.reduce((total, r) => total + r.metrics[metric]!, 0);

describe('the fake Google Analytics', () => {
  for (const { propertyId } of FAKE_PROPERTIES) {
    for (const revision of [0, 1]) {
      it(`is coherent every day: property ${propertyId}, revision ${revision}`, async () => {
        fake.revision = revision;
        const report = (dimensions: string[], metrics: string[]) =>
          analytics.runReport(accessToken, propertyId, { ...RANGE, dimensions, metrics });
        const days = await report(['date'], DAY_METRICS);
        expect(days).toHaveLength(120);
        const answers = byDate(await report(['date', DEFAULT_HDYHAU_DIMENSION], ['keyEvents', 'sessions']));
        const signals = await Promise.all(
          SIGNAL_DIMENSIONS.map(async (s) => ({
            dimension: s.dimension,
            rows: byDate(await report(['date', s.dimension], ['sessions', 'totalUsers', 'keyEvents'])),
          })),
        );
        for (const day of days) {
          const date = day.dimensions.date!;
          const { sessions, totalUsers, screenPageViews, keyEvents } = day.metrics as Record<string, number>;
          expect(sessions, date).toBeGreaterThan(0);
          expect(totalUsers, date).toBeLessThanOrEqual(sessions!);
          expect(screenPageViews, date).toBeGreaterThanOrEqual(sessions!);
          expect(keyEvents, date).toBeLessThanOrEqual(sessions!);

          const dayAnswers = answers.get(date)!;
          expect(sum(dayAnswers, 'keyEvents'), `${date} answers`).toBe(keyEvents);
          const answered = dayAnswers.filter((r) =>
            hasValue(normalizeRawValue(r.dimensions[DEFAULT_HDYHAU_DIMENSION]!)),
          );
          expect(sum(answered, 'keyEvents'), `${date} answered`).toBeLessThanOrEqual(keyEvents!);
          for (const r of answered)
            expect(r.metrics.sessions, `${date} ${r.dimensions[DEFAULT_HDYHAU_DIMENSION]}`).toBeLessThanOrEqual(
              r.metrics.keyEvents!,
            );

          for (const { dimension, rows } of signals) {
            const daySignals = rows.get(date)!;
            expect(sum(daySignals, 'sessions'), `${date} ${dimension} sessions`).toBe(sessions);
            expect(sum(daySignals, 'keyEvents'), `${date} ${dimension} key events`).toBe(keyEvents);
            for (const r of daySignals) {
              const what = `${date} ${dimension} ${r.dimensions[dimension]}`;
              expect(r.metrics.totalUsers, what).toBeLessThanOrEqual(r.metrics.sessions!);
              expect(r.metrics.keyEvents, what).toBeLessThanOrEqual(r.metrics.sessions!);
            }
          }
        }
      });
    }
  }

  it('answers the same figures for a day whatever the range asked, and again on the next call', async () => {
    fake.revision = 0;
    const { propertyId } = FAKE_PROPERTIES[0];
    const whole = await analytics.runReport(accessToken, propertyId, {
      ...RANGE,
      dimensions: ['date', 'sessionCampaignName'],
      metrics: ['sessions', 'keyEvents'],
    });
    expect(
      await analytics.runReport(accessToken, propertyId, {
        ...RANGE,
        dimensions: ['date', 'sessionCampaignName'],
        metrics: ['sessions', 'keyEvents'],
      }),
    ).toEqual(whole);
    const one = await analytics.runReport(accessToken, propertyId, {
      from: '2026-10-28',
      to: '2026-10-28',
      dimensions: ['date', 'sessionCampaignName'],
      metrics: ['sessions', 'keyEvents'],
    });
    expect(one).toEqual(whole.filter((r) => r.dimensions.date === '20261028'));
  });
});
