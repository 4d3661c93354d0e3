/** retireMeasurementsOfCampaign (called by campaign delete): soft-deletes a campaign's live measurements with their definition counts, idempotently. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { retireMeasurementsOfCampaign } from '../../../shared/db/evidence/outcome-measurements.ts';
import { call } from '../../support/call.ts';
import {
  listDefinitions,
  listMeasurements,
  newDefinition,
  newMeasurement,
  newOrgWithCampaign,
  postMeasurement,
} from './helpers.ts';

describe('retireMeasurementsOfCampaign', () => {
  it("retires only that campaign's live measurements, frees the definition, and a repeat retires nothing", async () => {
    const org = await newOrgWithCampaign();
    const definition = await newDefinition(org);
    const other = await createCampaign(org.organizationId, { name: 'Other campaign' });
    const kept = await newMeasurement({ ...org, campaignId: other.id }, definition.id, { value: 9 });
    await newMeasurement(org, definition.id, { value: 1 });
    const changed = await newMeasurement(org, definition.id, { value: 2 });
    expect(
      (await call('PATCH', `/v1/outcomes/measurements/${changed.id}`, { token: org.owner.token, body: { value: 3 } }))
        .status,
    ).toBe(200);
    const alreadyGone = await newMeasurement(org, definition.id, { value: 4 });
    expect(
      (await call('DELETE', `/v1/outcomes/measurements/${alreadyGone.id}`, { token: org.owner.token })).status,
    ).toBe(200);

    expect(await retireMeasurementsOfCampaign(org.organizationId, org.campaignId)).toBe(2);
    expect((await listMeasurements(org)).body).toMatchObject({ items: [], totalCount: 0 });
    expect((await listMeasurements(org, org.owner, other.id)).body.items.map((m: { id: string }) => m.id)).toEqual([
      kept.id,
    ]);
    const [listed] = (await listDefinitions(org)).body.items;
    expect(listed).toMatchObject({ id: definition.id, activeMeasurementsCount: 1 });
    expect(
      (await call('PATCH', `/v1/outcomes/measurements/${changed.id}`, { token: org.owner.token, body: { value: 5 } }))
        .status,
    ).toBe(404);

    expect(await retireMeasurementsOfCampaign(org.organizationId, org.campaignId)).toBe(0);
    expect((await listDefinitions(org)).body.items[0].activeMeasurementsCount).toBe(1);
  });

  it('does nothing for a campaign without measurements, or one that does not exist', async () => {
    const org = await newOrgWithCampaign();
    expect(await retireMeasurementsOfCampaign(org.organizationId, org.campaignId)).toBe(0);
    expect(await retireMeasurementsOfCampaign(org.organizationId, '00000000-0000-4000-8000-000000000000')).toBe(0);
  });

  it('a campaign marked as being deleted takes no new measurement and lists as not found (404)', async () => {
    const org = await newOrgWithCampaign();
    const definition = await newDefinition(org);
    await newMeasurement(org, definition.id);
    // The first step of a campaign delete: from here on the campaign reads as gone.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaign(org.organizationId, org.campaignId),
        UpdateExpression: 'SET deletingAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    const res = await postMeasurement(org, definition.id);
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('campaign');
    expect((await listMeasurements(org)).status).toBe(404);
    expect(await retireMeasurementsOfCampaign(org.organizationId, org.campaignId)).toBe(1);
    expect((await listDefinitions(org)).body.items[0].activeMeasurementsCount).toBe(0);
  });
});
