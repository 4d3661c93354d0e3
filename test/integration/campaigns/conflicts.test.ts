/**
 * Links under transaction conflicts (another transaction holding the activity or a campaign item):
 * retried and applied once; when the conflicts never stop, 409 conflict and nothing changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../shared/db/client.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { activityItem, campaignItem, link, newActivity, newCampaign, newOrg, type Org } from './helpers.ts';

let conflictsToInject = 0;
let org: Org;

beforeAll(async () => {
  org = await newOrg('Conflicted');
  // Cancels the next TransactWriteItems calls the way DynamoDB does when another transaction holds an item.
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (/^TransactWrite/.test(context.commandName ?? '') && conflictsToInject > 0) {
        conflictsToInject--;
        const items = (args.input as { TransactItems: unknown[] }).TransactItems;
        throw Object.assign(new Error('Transaction cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: items.map((_, i) => ({ Code: i === 0 ? 'TransactionConflict' : 'None' })),
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectTransactionConflict' },
  );
});

describe('linking under transaction conflicts', () => {
  it('retries and links once', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    conflictsToInject = 4;
    const res = await link(org, campaign.id, activity.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(conflictsToInject).toBe(0);
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 1 });
  });

  it('answers 409 conflict (not 500) when the conflicts never stop, changing nothing', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    conflictsToInject = 1_000;
    try {
      expectProblem(await link(org, campaign.id, activity.id), 409, 'conflict');
    } finally {
      conflictsToInject = 0;
    }
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 0 });
    expect(await activityItem(org, activity.id)).toMatchObject({ campaignId: null });
  });
});
