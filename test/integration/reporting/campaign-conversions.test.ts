/**
 * A campaign's conversions come from the totals of its active outcome measurements kept on the
 * campaign item (outcome-totals.ts), as the organization's do on its aggregate: they follow
 * creates, value changes and deletes, stay apart from another campaign's, and are no part of the
 * campaign record shown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { createOutcomeDefinition } from '../../../shared/db/evidence/outcome-definitions.ts';
import {
  createMeasurement,
  deleteMeasurement,
  updateMeasurement,
} from '../../../shared/db/evidence/outcome-measurements.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newOrganization } from '../costs/helpers.ts';

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Campaign Conversions Owner');
});

const get = async (path: string) => {
  const res = await call('GET', path, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('campaign conversions', () => {
  it("follow creates, value changes and deletes of the campaign's own measurements", async () => {
    const orgId = await newOrganization(owner);
    const [a, b] = [await createCampaign(orgId, { name: 'A' }), await createCampaign(orgId, { name: 'B' })];
    const signUps = await createOutcomeDefinition(orgId, { name: 'Sign-ups', valueKind: 'count' });
    const conversions = async (campaignId: string) =>
      (await get(`/v1/reporting/campaign/metrics?organizationId=${orgId}&campaignId=${campaignId}`)).data.conversions;

    const first = await createMeasurement(
      orgId,
      a.id,
      { outcomeDefinitionId: signUps.id, value: 20, sourceMethod: 'platform_report' },
      null,
    );
    const second = await createMeasurement(
      orgId,
      a.id,
      { outcomeDefinitionId: signUps.id, value: 5, sourceMethod: 'platform_report' },
      null,
    );
    await createMeasurement(
      orgId,
      b.id,
      { outcomeDefinitionId: signUps.id, value: 7, sourceMethod: 'platform_report' },
      null,
    );
    expect([await conversions(a.id), await conversions(b.id)]).toEqual([25, 7]);

    await updateMeasurement(orgId, { campaignId: a.id, id: first.id }, { value: 30 }, null);
    await deleteMeasurement(orgId, { campaignId: a.id, id: second.id });
    expect([await conversions(a.id), await conversions(b.id)]).toEqual([30, 7]);
    const org = await get(`/v1/reporting/organization/metrics?organizationId=${orgId}`);
    expect(org.data.conversions).toBe(37);

    const campaign = (await get(`/v1/campaigns/${a.id}`)).data;
    expect(Object.keys(campaign).filter((name) => name.startsWith('outcome'))).toEqual([]);
  });
});
