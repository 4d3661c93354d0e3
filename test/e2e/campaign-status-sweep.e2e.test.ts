/**
 * `POST /local/jobs/sweep-campaign-status` over HTTP: the local server's run of the hourly campaign
 * status sweep (functions/jobs/sweep-campaign-status.ts) moves a campaign whose start day has come
 * to `active`, as the schedule does in the cloud. Time is made to pass by moving the campaign's
 * start and due instant into the past on its item, as they would stand once the day had arrived
 * with nobody editing it (an edit announces at once, so only the sweep moves it here).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../shared/db/table/client.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import { itemAt } from '../support/items.ts';
import { startWorld, type World } from './support/world.ts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.service.stop();
});

const itemOf = async (tenantId: string, campaignId: string) => (await itemAt(keys.campaign(tenantId, campaignId)))!;

describe('POST /local/jobs/sweep-campaign-status', () => {
  it('announces a campaign whose start day has come as active, and leaves it alone on the next run', async () => {
    const { tenantId } = world;
    const token = world.users.owner.token;
    const created = await world.http('POST', '/v1/campaigns', {
      token,
      body: { organizationId: tenantId, name: 'Sweep launch', startAt: '2099-06-01T09:00:00.000Z' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const campaignId: string = created.body.data.id;
    expect(await itemOf(tenantId, campaignId)).toMatchObject({
      announcedStatus: 'scheduled',
      gsi4pk: 'CAMPAIGN_STATUS_DUE',
    });

    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaign(tenantId, campaignId),
        UpdateExpression: 'SET startAt = :start, gsi4sk = :due',
        ExpressionAttributeValues: {
          ':start': '2020-01-01T09:00:00.000Z',
          ':due': `2020-01-01T00:00:00.000Z#${tenantId}#${campaignId}`,
        },
      }),
    );

    const swept = await world.http('POST', '/local/jobs/sweep-campaign-status');
    expect(swept.status).toBe(200);
    // Other tests share the table's due index, so at least this campaign: read and moved.
    expect(swept.body.due).toBeGreaterThanOrEqual(1);
    expect(swept.body.announced).toBeGreaterThanOrEqual(1);
    const after = await itemOf(tenantId, campaignId);
    expect(after.announcedStatus).toBe('active');
    // Active without an end: time alone will not move it again, so it left the due index.
    expect(after).not.toHaveProperty('gsi4pk');
    const read = await world.http('GET', `/v1/campaigns/${campaignId}`, { token });
    expect(read.body.data.status).toBe('active');

    const again = await world.http('POST', '/local/jobs/sweep-campaign-status');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await itemOf(tenantId, campaignId)).toEqual(after);
  });
});
