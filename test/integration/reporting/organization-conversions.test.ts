/**
 * The organization's conversions and CPA (docs/decisions.md "Money and metrics", "Figures a reader can
 * check"): the sum of the active outcome measurements of every campaign whose definition is a count,
 * CPA = the spend of the campaigns with conversions / their conversions, both null without one; the definitions named in `_meta.provenance.conversionDefinitions`. Read
 * from a counter the measurement writes keep, never from the measurements themselves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { createOutcomeDefinition } from '../../../shared/db/evidence/outcome-definitions.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost, newOrganization } from '../costs/helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Owner');
});

const send = async (method: string, path: string, body: Record<string, unknown> | undefined, status: number) => {
  const res = await call(method, path, { token: owner.token, ...(body ? { body } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const organizationMetrics = (orgId: string) =>
  send('GET', `/v1/reporting/organization/metrics?organizationId=${orgId}`, undefined, 200);

describe('organization conversions and CPA', () => {
  it('sums the active count measurements of every campaign, follows updates and deletes, and names the definitions', async () => {
    const orgId = await newOrganization(owner);
    const activity = await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    await newCost(owner, { activityId: activity.id, amount: 100 });
    const none = await organizationMetrics(orgId);
    expect(none.data).toMatchObject({ totalCosts: 100, conversions: null, cpa: null });
    expect(none._meta.provenance.conversionDefinitions).toEqual([]);

    const [first, second] = [
      await createCampaign(orgId, { name: 'First' }),
      await createCampaign(orgId, { name: 'Second' }),
    ];
    // The spend is First's: an organization's CPA divides the spend of its campaigns with conversions.
    await linkActivity(orgId, first.id, activity.id);
    const signUps = await createOutcomeDefinition(orgId, { name: 'Sign-ups', valueKind: 'count' });
    const trials = await createOutcomeDefinition(orgId, { name: 'Trials', valueKind: 'count' });
    const revenue = await createOutcomeDefinition(orgId, { name: 'Revenue', valueKind: 'currency' });
    const measure = (campaignId: string, outcomeDefinitionId: string, value: number) =>
      send(
        'POST',
        '/v1/outcomes/measurements',
        { organizationId: orgId, campaignId, outcomeDefinitionId, value, sourceMethod: 'manual' },
        201,
      );

    // A non-count definition alone: still no conversions.
    await measure(first.id, revenue.id, 5000);
    expect((await organizationMetrics(orgId)).data).toMatchObject({ conversions: null, cpa: null });

    const a = await measure(first.id, signUps.id, 20);
    await measure(second.id, signUps.id, 12);
    let body = await organizationMetrics(orgId);
    // 20 + 12 from two campaigns; CPA 100 / 32 = 3.125 -> 3.13.
    expect(body.data).toMatchObject({ conversions: 32, cpa: 3.13 });
    expect(body._meta.provenance.basis.cpa).toEqual({ spend: 100, conversions: 32, campaigns: 2 });
    expect(body._meta.provenance.conversionDefinitions).toEqual([{ id: signUps.id, name: 'Sign-ups' }]);
    expect(body._meta.warnings.filter((w: string) => w.startsWith('Conversions add up'))).toEqual([]);
    // The totals are reporting's counters on the organization's aggregate, no part of the organization record.
    expect(JSON.stringify(await send('GET', `/v1/organizations/${orgId}`, undefined, 200))).not.toMatch(
      /outcome(Value|Count)_/,
    );

    // A superseded claim no longer counts: only the measurement's active value does.
    await send('PATCH', `/v1/outcomes/measurements/${a.data.id}`, { value: 28 }, 200);
    expect((await organizationMetrics(orgId)).data).toMatchObject({ conversions: 40, cpa: 2.5 });

    // A second count definition is summed too, and named in a warning.
    const t = await measure(second.id, trials.id, 10);
    body = await organizationMetrics(orgId);
    expect(body.data).toMatchObject({ conversions: 50, cpa: 2 });
    expect(body._meta.provenance.conversionDefinitions).toEqual([
      { id: signUps.id, name: 'Sign-ups' },
      { id: trials.id, name: 'Trials' },
    ]);
    expect(body._meta.warnings).toContain(
      'Conversions add up the measurements of 2 outcome definitions: Sign-ups, Trials.',
    );

    // Moving a measurement to the non-count definition takes it out; deleting one removes it.
    await send('PATCH', `/v1/outcomes/measurements/${t.data.id}`, { outcomeDefinitionId: revenue.id }, 200);
    expect((await organizationMetrics(orgId)).data).toMatchObject({ conversions: 40, cpa: 2.5 });
    await send('DELETE', `/v1/outcomes/measurements/${a.data.id}`, undefined, 200);
    body = await organizationMetrics(orgId);
    // First has no conversions left: its 100 of spend no longer counts, and Second's 12 cost nothing.
    expect(body.data).toMatchObject({ conversions: 12, cpa: 0 });
    expect(body._meta.provenance.basis.cpa).toEqual({ spend: 0, conversions: 12, campaigns: 1 });
    expect(body._meta.provenance.conversionDefinitions).toEqual([{ id: signUps.id, name: 'Sign-ups' }]);

    // A definition whose kind changes is read with its kind now.
    await send('PATCH', `/v1/outcomes/definitions/${signUps.id}`, { valueKind: 'currency' }, 200);
    expect((await organizationMetrics(orgId)).data).toMatchObject({ conversions: null, cpa: null });
  });

  it('are in the marketing brief with their evidence: the definitions summed and the period they cover', async () => {
    const orgId = await newOrganization(owner);
    const clip = await createActivity(orgId, { channel: 'youtube', activity: 'youtube_video', name: 'Clip' });
    await newCost(owner, { activityId: clip.id, amount: 100 });
    const campaign = await createCampaign(orgId, { name: 'Spring' });
    await linkActivity(orgId, campaign.id, clip.id);
    for (const [name, value] of [
      ['Sign-ups', 30],
      ['Trials', 10],
    ] as const) {
      const definition = await createOutcomeDefinition(orgId, { name, valueKind: 'count' });
      await send(
        'POST',
        '/v1/outcomes/measurements',
        {
          organizationId: orgId,
          campaignId: campaign.id,
          outcomeDefinitionId: definition.id,
          value,
          sourceMethod: 'manual',
        },
        201,
      );
    }
    const brief = (audience: string) =>
      send(
        'GET',
        `/v1/reporting/marketing-brief?organizationId=${orgId}&daysBack=30&audience=${audience}`,
        undefined,
        200,
      );
    const practitioner = await brief('practitioner');
    // 30 + 10 conversions; CPA 100 / 40 = 2.50.
    expect(practitioner.data.highlights[0]).toBe(
      '40 conversions recorded in all (active outcome measurements of Sign-ups, Trials, whatever their period); CPA $2.50: $100.00 spent by the 1 campaign with conversions over their 40 conversions.',
    );
    expect(practitioner.data.measurementLimitations).toContain(
      'Conversions add up the measurements of 2 outcome definitions: Sign-ups, Trials.',
    );
    expect(practitioner.data.measurementLimitations.at(-1)).toBe(
      'Conversions count every active outcome measurement of kind count, not only those of the last 30 days, and CPA divides the spend of the campaigns with conversions by their conversions.',
    );
    expect(practitioner._meta.provenance.conversionDefinitions.map((d: { name: string }) => d.name)).toEqual([
      'Sign-ups',
      'Trials',
    ]);
    const executive = (await brief('executive')).data;
    expect(executive.highlights[0]).toBe('40 conversions recorded in all; CPA $2.50.');
    expect(executive.measurementLimitations[0]).toBe(
      'Figures are observed and recorded evidence; none of them says that a campaign or creator caused an outcome.',
    );
  });
});
