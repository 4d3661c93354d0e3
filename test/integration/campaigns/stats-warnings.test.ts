/** GET /v1/campaigns/stats names spend in another currency than the organization's in `_meta.warnings`, as GET /v1/costs/stats does. */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { link, newActivity, newCampaign, newCost } from './helpers.ts';
import { newOrg } from '../../support/organizations.ts';

describe('GET /v1/campaigns/stats warnings', () => {
  it('warns about spend in other currencies with the same words as cost stats, and not when there is none', async () => {
    const org = await newOrg();
    const stats = async (path: string) => {
      const res = await call('GET', `${path}?organizationId=${org.organizationId}`, { token: org.owner.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    expect((await link(org, campaign.id, activity.id)).status).toBeLessThan(300);
    await newCost(org, activity.id, 10);
    expect((await stats('/v1/campaigns/stats'))._meta.warnings).toEqual([]);
    await newCost(org, activity.id, 5, 'ARS');
    await newCost(org, activity.id, 7, 'CLP');
    const body = await stats('/v1/campaigns/stats');
    expect(body.data).toMatchObject({ spendTotal: 10, spendByCurrency: { ARS: 5, CLP: 7, USD: 10 } });
    expect(body._meta.warnings).toEqual(['Costs in ARS, CLP are shown per currency, not converted to USD.']);
    expect(body._meta.currency).toBe('USD');
    expect((await stats('/v1/costs/stats'))._meta.warnings).toEqual(body._meta.warnings);
  });
});
