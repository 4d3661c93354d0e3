/**
 * `npm run reindex` over costs written before conversions (docs/decisions.md "Money and metrics"):
 * a USD cost of a GBP tenant, written as the code before this change wrote it (no rate table, so no
 * conversion; its `conversion` and `exchangeRate` attributes then taken away, as old items lack
 * them), counted in USD by every aggregate. The reindex gives it the conversion of its day at the
 * stand-in's rates and moves every aggregate to the converted amount; a second run changes nothing.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { reindexTable } from '../../../shared/db/maintenance/reindex.ts';
import { useRateTable } from '../../../shared/integrations/rates/index.ts';
import { standInRates } from '../../../shared/integrations/rates/local.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { newCost } from '../costs/helpers.ts';
import { createWorkspace } from '../workspaces/helpers.ts';

let owner: TestUser;
let orgId: string;
let costId: string;
let activityId: string;

const item = async (key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item ?? {};

beforeAll(async () => {
  owner = await signUp('Olga Old');
  orgId = (await createWorkspace(owner, { currency: 'GBP' })).id;
  activityId = (
    await createActivity(orgId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Old video',
      startAt: '2017-02-24T12:00:00.000Z',
    })
  ).id;
  useRateTable({ onOrBefore: async () => undefined, latest: async () => undefined });
  costId = (await newCost(owner, { activityId, amount: 2500, currency: 'USD' })).id;
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.cost(orgId, costId),
      UpdateExpression: 'REMOVE conversion, exchangeRate, exchangeRateCurrency',
    }),
  );
  useRateTable(standInRates);
});
afterAll(() => useRateTable(standInRates));

describe('reindex over costs stored before conversions', () => {
  it('starts from a cost counted in its own currency everywhere', async () => {
    expect((await item(keys.cost(orgId, costId))).conversion).toBeUndefined();
    expect((await item(keys.tenantAggregate(orgId))).spend).toEqual({ USD: 2500 });
    expect((await item(keys.activity(orgId, activityId))).spend).toEqual({ USD: 2500 });
  });

  it('gives it the conversion of its day and moves every aggregate to the converted amount; a second run changes nothing', async () => {
    const counts = await reindexTable();
    expect(counts.conversion.updated).toBeGreaterThanOrEqual(1);
    // 2017-02-24: 0.84503 GBP and 1.0609 USD per EUR; 2,500 x 0.84503 / 1.0609 = 1,991.3045... -> 1,991.30.
    expect((await item(keys.cost(orgId, costId))).conversion).toEqual({
      rate: 0.84503 / 1.0609,
      rateDate: '2017-02-24',
      source: 'ecb',
      currency: 'GBP',
      amount: 1991.3,
    });
    for (const key of [keys.tenantAggregate(orgId), keys.activity(orgId, activityId)]) {
      const aggregate = await item(key);
      expect(Object.fromEntries(Object.entries(aggregate.spend).filter(([, v]) => v !== 0))).toEqual({ GBP: 1991.3 });
      expect(aggregate).toMatchObject({
        conv_USD_GBP_amount: 2500,
        conv_USD_GBP_converted: 1991.3,
        conv_USD_GBP_ecb: 1,
        'conv_USD_GBP_day_2017-02-24': 1,
      });
    }
    const report = await call('GET', `/v1/reporting/organization/metrics?organizationId=${orgId}`, {
      token: owner.token,
    });
    expect(report.body.data.totalCosts).toBe(1991.3);
    expect(report.body._meta.provenance.basis.conversions).toEqual([
      {
        currency: 'USD',
        amount: 2500,
        converted: 1991.3,
        source: 'ecb',
        firstRateDate: '2017-02-24',
        lastRateDate: '2017-02-24',
      },
    ]);

    const again = await reindexTable();
    expect(again.conversion.updated).toBe(0);
    expect((await item(keys.tenantAggregate(orgId))).conv_USD_GBP_converted).toBe(1991.3);
  });
});
