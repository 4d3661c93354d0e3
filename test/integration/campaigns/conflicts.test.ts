/**
 * Links under transaction conflicts (another transaction holding the activity or a campaign item):
 * retried and applied once; when the conflicts never stop, 409 conflict and nothing changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { transactionConflicts, type ConflictInjector } from '../../support/transaction-conflicts.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { activityItem, campaignItem, link, newActivity, newCampaign } from './helpers.ts';
import { newOrg, type Org } from '../../support/organizations.ts';

let conflicts: ConflictInjector;
let org: Org;

beforeAll(async () => {
  org = await newOrg('Conflicted');
  conflicts = transactionConflicts();
});

describe('linking under transaction conflicts', () => {
  it('retries and links once', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    conflicts.inject(4);
    const res = await link(org, campaign.id, activity.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(conflicts.remaining()).toBe(0);
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 1 });
  });

  it('answers 409 conflict (not 500) when the conflicts never stop, changing nothing', async () => {
    const campaign = await newCampaign(org);
    const activity = await newActivity(org);
    conflicts.inject(1_000);
    try {
      expectProblem(await link(org, campaign.id, activity.id), 409, 'conflict');
    } finally {
      conflicts.inject(0);
    }
    expect(await campaignItem(org, campaign.id)).toMatchObject({ activitiesCount: 0 });
    expect(await activityItem(org, activity.id)).toMatchObject({ campaignId: null });
  });
});
