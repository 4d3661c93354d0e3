/**
 * GET /v1/reporting/analytics/hdyhau-evidence never contradicts itself (docs/decisions.md "Figures a
 * reader can check"; docs/decisions.md "Figures a reader can check"): a day's answered key events are at most that day's key events, and
 * the totals are the sums of the timeline's rows, which are the sums of the answer and category
 * rows — whatever was imported, and over the fake Google's 90 days through the real import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogleAnalytics, FAKE_PROPERTIES } from '../../../infra/local/fakes/google-analytics.ts';
import { importAnalytics } from '../../../functions/jobs/analytics-import/import.ts';
import {
  putMapping,
  recordImport,
  saveGrant,
  setConnected,
  writeImport,
} from '../../../shared/db/analytics/analytics.ts';
import { DEFAULT_HDYHAU_DIMENSION, type AnalyticsDay, type HdyhauAnswerDay } from '../../../shared/domain/analytics.ts';
import * as tokenSealer from '../../../shared/integrations/token-sealer/index.ts';
import { fakeGrant, startFakeGoogle } from '../../support/fake-google.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';
import { getOk } from '../reporting/helpers.ts';

let owner: TestUser;
let fake: FakeGoogleAnalytics;

beforeAll(async () => {
  owner = await signUp('Analytics owner');
  fake = await startFakeGoogle();
});

afterAll(async () => {
  await fake?.stop();
});

const [property] = FAKE_PROPERTIES;
const sum = <T>(rows: readonly T[], figure: (row: T) => number) => rows.reduce((total, row) => total + figure(row), 0);

interface Evidence {
  responses: { rawValue: string; successEvents: number }[];
  categories: { category: string; successEvents: number }[];
  totals: { successEvents: number; answeredSuccessEvents: number; creatorSuccessEvents: number };
  dataQualityFlags: string[];
  timeline: { date: string; successEvents: number; answeredSuccessEvents: number; creatorSuccessEvents: number }[];
}

/** Every check a reader can make of the report from the report alone. */
function expectCoherent(evidence: Evidence) {
  const { totals, timeline } = evidence;
  expect(sum(timeline, (d) => d.successEvents)).toBe(totals.successEvents);
  expect(sum(timeline, (d) => d.answeredSuccessEvents)).toBe(totals.answeredSuccessEvents);
  expect(sum(evidence.responses, (r) => r.successEvents)).toBe(totals.answeredSuccessEvents);
  expect(sum(evidence.categories, (c) => c.successEvents)).toBe(totals.answeredSuccessEvents);
  expect(sum(timeline, (d) => d.creatorSuccessEvents)).toBe(totals.creatorSuccessEvents);
  for (const day of timeline) {
    expect(day.answeredSuccessEvents, day.date).toBeLessThanOrEqual(day.successEvents);
    expect(day.creatorSuccessEvents, day.date).toBeLessThanOrEqual(day.answeredSuccessEvents);
  }
}

const report = (organizationId: string, name: string, startDate: string, endDate: string) =>
  getOk(owner, `/v1/reporting/analytics/${name}`, { organizationId, startDate, endDate });

describe('hdyhau-evidence: a timeline that agrees with its totals', () => {
  it('leaves out, and names, the answers of a day on which GA4 counted more answered key events than the day had', async () => {
    const organizationId = await newOrganization(owner);
    await saveGrant(organizationId, { sealedRefreshToken: 'not-a-real-grant', connectedBy: owner.userId });
    await setConnected(organizationId, property.propertyId, property.displayName);
    const day = (date: string, successEvents: number): AnalyticsDay => ({
      date,
      sessions: 100,
      users: 80,
      pageViews: 250,
      successEvents,
    });
    const answer = (date: string, rawValue: string, successEvents: number): HdyhauAnswerDay => ({
      date,
      dimension: DEFAULT_HDYHAU_DIMENSION,
      rawValue,
      successEvents,
      sessions: successEvents,
    });
    await writeImport(organizationId, {
      from: '2026-10-26',
      to: '2026-10-30',
      // The day of the issue: 14 key events, 16 answered (5 + 6 + 3 + 2).
      days: [day('2026-10-26', 20), day('2026-10-28', 14), day('2026-10-30', 10)],
      answers: [
        answer('2026-10-26', 'Instagram creator', 5),
        answer('2026-10-26', 'Podcast', 3),
        answer('2026-10-28', 'Instagram creator', 5),
        answer('2026-10-28', 'Podcast', 6),
        answer('2026-10-28', 'Google search', 3),
        answer('2026-10-28', 'A friend', 2),
        // Answers on a day with no daily figures at all.
        answer('2026-10-29', 'Podcast', 2),
      ],
      signals: [],
      signalDays: [],
    });
    await recordImport(organizationId, { through: '2026-10-30', hdyhauAvailable: true });
    await putMapping(organizationId, {
      dimensionApiName: DEFAULT_HDYHAU_DIMENSION,
      rawValue: 'Instagram creator',
      normalizedValue: 'Instagram creator',
      category: 'creator',
    });

    const body = await report(organizationId, 'hdyhau-evidence', '2026-10-26', '2026-10-30');
    const evidence: Evidence = body.data;
    expectCoherent(evidence);
    expect(evidence.timeline).toEqual([
      { date: '2026-10-26', successEvents: 20, answeredSuccessEvents: 8, creatorSuccessEvents: 5 },
      { date: '2026-10-27', successEvents: 0, answeredSuccessEvents: 0, creatorSuccessEvents: 0 },
      { date: '2026-10-28', successEvents: 14, answeredSuccessEvents: 0, creatorSuccessEvents: 0 },
      { date: '2026-10-29', successEvents: 0, answeredSuccessEvents: 0, creatorSuccessEvents: 0 },
      { date: '2026-10-30', successEvents: 10, answeredSuccessEvents: 0, creatorSuccessEvents: 0 },
    ]);
    expect(evidence.totals).toEqual({ successEvents: 44, answeredSuccessEvents: 8, creatorSuccessEvents: 5 });
    expect(evidence.responses.map((r) => [r.rawValue, r.successEvents])).toEqual([
      ['Instagram creator', 5],
      ['Podcast', 3],
    ]);
    expect(evidence.dataQualityFlags).toContain('answers_exceed_success_events');
    const warning = body._meta.warnings.find((w: string) => w.startsWith('answers_exceed_success_events'));
    expect(warning).toContain('2026-10-28 (16 answered of 14)');
    expect(warning).toContain('2026-10-29 (2 answered of 0)');

    // The day's whole is the one the history shows.
    const history = await report(organizationId, 'history', '2026-10-26', '2026-10-30');
    expect(history.items.map((d: { successEvents: number }) => d.successEvents)).toEqual(
      evidence.timeline.map((d) => d.successEvents),
    );
  });

  it('over 90 days of the fake Google imported as the service imports them', async () => {
    const organizationId = await newOrganization(owner);
    await saveGrant(organizationId, {
      sealedRefreshToken: await tokenSealer.seal('google-refresh-token', organizationId, await fakeGrant()),
      connectedBy: owner.userId,
    });
    await setConnected(organizationId, property.propertyId, property.displayName);
    expect(await importAnalytics(organizationId, 90, { now: new Date('2026-11-26T12:00:00Z') })).toBe('imported');
    await putMapping(organizationId, {
      dimensionApiName: DEFAULT_HDYHAU_DIMENSION,
      rawValue: 'Instagram creator',
      normalizedValue: 'Instagram creator',
      category: 'creator',
    });

    for (const [startDate, endDate] of [
      ['2026-10-28', '2026-11-26'],
      ['2026-08-29', '2026-11-26'],
    ]) {
      const body = await report(organizationId, 'hdyhau-evidence', startDate!, endDate!);
      expectCoherent(body.data);
      expect(body.data.totals.answeredSuccessEvents).toBeGreaterThan(0);
      // The fake's days are coherent: no day's answers are left out.
      expect(body.data.dataQualityFlags).not.toContain('answers_exceed_success_events');
    }
  });
});
