/**
 * `campaign.status_changed` against DynamoDB Local: the status a campaign last announced moves with
 * a date edit at once, and with time through the hourly sweep, by the calendar of its tenant's
 * timezone; each move is announced once, and the field is never part of the record.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createCampaign, getCampaign, updateCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { announceStatusesOf, sweepCampaignStatuses } from '../../../shared/db/campaigns/status-sweep.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { eventsOf } from '../../../shared/webhooks/event-sources.ts';
import { call } from '../../support/call.ts';
import { newOrg } from '../../support/organizations.ts';
import { changeBy, eventsBy, expectNoKeys, itemAt } from './helpers.ts';

const organization = async (ianaTimezone: string) =>
  (await createTenant({ name: 'Statuses', ownerUserId: randomUUID(), ianaTimezone })).id;

describe('a date edit', () => {
  it('announces the status the new dates give, once, and the record never shows what was announced', async () => {
    const tenantId = await organization('Europe/Paris');
    const campaign = await createCampaign(tenantId, { name: 'Summer', startAt: '2099-06-01T09:00:00.000Z' });
    const key = keys.campaign(tenantId, campaign.id);
    expect(await itemAt(key)).toMatchObject({
      announcedStatus: 'scheduled',
      gsi4pk: 'CAMPAIGN_STATUS_DUE',
      gsi4sk: `2099-05-31T22:00:00.000Z#${tenantId}#${campaign.id}`,
    });
    expect(campaign).not.toHaveProperty('announcedStatus');
    expect(await getCampaign(tenantId, campaign.id)).not.toHaveProperty('announcedStatus');

    const [event, ...more] = await eventsBy(key, () =>
      updateCampaign(tenantId, campaign.id, { startAt: '2020-01-01T09:00:00.000Z' }),
    );
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'campaign.status_changed',
      tenantId,
      data: {
        id: campaign.id,
        name: 'Summer',
        previousStatus: 'scheduled',
        status: 'active',
        startAt: '2020-01-01T09:00:00.000Z',
      },
    });
    expectNoKeys(event!.data);
    expect(event!.data).not.toHaveProperty('announcedStatus');
    // Active without an end: time alone will not move it, so it is out of the due index.
    expect(await itemAt(key)).not.toHaveProperty('gsi4pk');
    expect(
      await eventsBy(key, () => updateCampaign(tenantId, campaign.id, { startAt: '2021-01-01T09:00:00.000Z' })),
    ).toEqual([]);
    expect(await eventsBy(key, () => updateCampaign(tenantId, campaign.id, { name: 'Summer sale' }))).toEqual([]);
  });

  it('announces nothing for a campaign stored before statuses were announced: its first is silent', async () => {
    const tenantId = await organization('UTC');
    const campaign = await createCampaign(tenantId, { name: 'Old', startAt: '2099-06-01T09:00:00.000Z' });
    const key = keys.campaign(tenantId, campaign.id);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE announcedStatus, gsi4pk, gsi4sk',
      }),
    );
    expect(
      await eventsBy(key, () => updateCampaign(tenantId, campaign.id, { startAt: '2020-01-01T09:00:00.000Z' })),
    ).toEqual([]);
    expect(await itemAt(key)).toMatchObject({ announcedStatus: 'active' });
  });
});

describe('the status sweep', () => {
  it("announces a campaign once when its start day arrives in its tenant's timezone, not before", async () => {
    const tokyo = await organization('Asia/Tokyo');
    const utc = await organization('UTC');
    // Both start on 10 May 2090, local time: in Tokyo that day begins at 15:00 UTC on the 9th.
    const east = await createCampaign(tokyo, { name: 'East', startAt: '2090-05-10T09:00:00.000+09:00' });
    const west = await createCampaign(utc, { name: 'West', startAt: '2090-05-10T09:00:00.000Z' });
    const eastKey = keys.campaign(tokyo, east.id);
    const westKey = keys.campaign(utc, west.id);

    const early = await changeBy(eastKey, () => sweepCampaignStatuses(new Date('2090-05-09T14:59:00.000Z')));
    expect(await eventsOf(early)).toEqual([]);
    expect(early.newImage).toEqual(early.oldImage);

    const westBefore = await itemAt(westKey);
    const arrived = await changeBy(eastKey, () => sweepCampaignStatuses(new Date('2090-05-09T15:30:00.000Z')));
    const [event, ...more] = await eventsOf(arrived);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'campaign.status_changed',
      tenantId: tokyo,
      data: { id: east.id, previousStatus: 'scheduled', status: 'active' },
    });
    // Still the 9th in UTC: the UTC tenant's campaign waits.
    expect(await itemAt(westKey)).toEqual(westBefore);

    // The next runs find it announced: nothing more for it.
    const again = await changeBy(eastKey, () => sweepCampaignStatuses(new Date('2090-05-09T16:30:00.000Z')));
    expect(again.newImage).toEqual(again.oldImage);
    expect(await eventsOf(again)).toEqual([]);

    const westArrives = await changeBy(westKey, () => sweepCampaignStatuses(new Date('2090-05-10T00:30:00.000Z')));
    expect((await eventsOf(westArrives)).map((e) => [e.tenantId, e.data.previousStatus, e.data.status])).toEqual([
      [utc, 'scheduled', 'active'],
    ]);
  });

  it('announces an active campaign completed once its end day is over, not before', async () => {
    const tenantId = await organization('America/New_York');
    const campaign = await createCampaign(tenantId, {
      name: 'Spring',
      startAt: '2020-03-01T12:00:00.000Z',
      endAt: '2091-03-31T12:00:00.000Z',
    });
    const key = keys.campaign(tenantId, campaign.id);
    expect((await itemAt(key))!.gsi4sk).toBe(`2091-04-01T04:00:00.000Z#${tenantId}#${campaign.id}`);
    const before = await changeBy(key, () => sweepCampaignStatuses(new Date('2091-04-01T03:59:00.000Z')));
    expect(before.newImage).toEqual(before.oldImage);
    const ended = await changeBy(key, () => sweepCampaignStatuses(new Date('2091-04-01T04:10:00.000Z')));
    expect((await eventsOf(ended)).map((e) => [e.type, e.data.previousStatus, e.data.status])).toEqual([
      ['campaign.status_changed', 'active', 'completed'],
    ]);
    expect(await itemAt(key)).not.toHaveProperty('gsi4pk');
  });
});

describe("a change of the tenant's timezone", () => {
  it('announces again what the new calendar days give', async () => {
    const tenantId = await organization('UTC');
    // 10 May 2090 in UTC; in Tokyo that day has begun at 15:00 UTC on the 9th.
    const campaign = await createCampaign(tenantId, { name: 'Moved', startAt: '2090-05-10T00:00:00.000Z' });
    const key = keys.campaign(tenantId, campaign.id);
    const moved = await changeBy(key, () =>
      announceStatusesOf(tenantId, 'Asia/Tokyo', new Date('2090-05-09T15:30:00.000Z')),
    );
    expect((await eventsOf(moved)).map((e) => [e.type, e.data.previousStatus, e.data.status])).toEqual([
      ['campaign.status_changed', 'scheduled', 'active'],
    ]);
  });

  it('is applied by PATCH /v1/organizations/:id: the due instant follows the new timezone', async () => {
    const org = await newOrg();
    const campaign = await createCampaign(org.organizationId, { name: 'Far', startAt: '2090-05-10T00:00:00.000Z' });
    const key = keys.campaign(org.organizationId, campaign.id);
    expect((await itemAt(key))!.gsi4sk).toMatch(/^2090-05-10T00:00:00.000Z#/);
    const res = await call('PATCH', `/v1/organizations/${org.organizationId}`, {
      token: org.owner.token,
      body: { ianaTimezone: 'Asia/Tokyo' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await itemAt(key))!.gsi4sk).toMatch(/^2090-05-09T15:00:00.000Z#/);
  });
});
