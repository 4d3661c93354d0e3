/**
 * Every kind of item a collection query reads is told apart by its whole sort key: each key the
 * builders make is of exactly one kind, however its prefix overlaps another kind's.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SORT_KEYS, webhookKeys, type Entity } from '../../shared/db/table/keys.ts';
import * as keys from '../../shared/db/table/item-keys.ts';
import * as collections from '../../shared/db/table/collections.ts';

const t = randomUUID();
const id = () => randomUUID();
const at = '2026-11-23T10:00:00.000Z';

const samples: Record<Entity, string> = {
  membership: keys.membership(t, id()).sk,
  creator: keys.creator(t, id()).sk,
  socialAccount: keys.socialAccount(t, id(), id()).sk,
  socialAccountClaim: keys.socialAccountClaim(t, id(), 'instagram', 'https://www.instagram.com/a#b/SOCIAL#x').sk,
  activity: keys.activity(t, id()).sk,
  activityCreator: keys.activityCreator(t, id(), id()).sk,
  campaign: keys.campaign(t, id()).sk,
  campaignActivity: keys.campaignActivity(t, id(), id()).sk,
  cost: keys.cost(t, id()).sk,
  expenseCategory: keys.expenseCategory(t, id()).sk,
  note: keys.note(t, 'activity', id(), at, id()).sk,
  file: keys.file(t, 'creator', id(), at, id()).sk,
  outcomeDefinition: keys.outcomeDefinition(t, id()).sk,
  outcomeMeasurement: keys.outcomeMeasurement(t, id(), id()).sk,
  outcomeClaim: keys.outcomeClaim(t, id(), id(), 12).sk,
  dayRollup: keys.dayRollup(t, { kind: 'campaign', id: id() }, '2026-11-23').sk,
  snapshot: keys.snapshot(t, id(), '2026-11-23T10').sk,
  sparklineBucket: keys.sparklineBucket(t, id(), '2026-11-13').sk,
  webhookEndpoint: webhookKeys.endpoint(t, id()).sk,
  webhookDelivery: webhookKeys.delivery(t, id(), at, id()).sk,
};

const kindsOf = (sk: string) => (Object.keys(SORT_KEYS) as Entity[]).filter((e) => SORT_KEYS[e].test(sk));

describe('SORT_KEYS', () => {
  it.each(Object.entries(samples))('a %s key is of that kind alone', (entity, sk) => {
    expect(kindsOf(sk)).toEqual([entity]);
  });

  it('keeps the items sharing a prefix with creators, activities and measurements apart', () => {
    const creators = collections.creatorsOfTenant(t);
    const sharing = Object.values(samples).filter((sk) => sk.startsWith(creators.sk.beginsWith));
    expect(sharing.flatMap(kindsOf).sort()).toEqual(['creator', 'socialAccount', 'socialAccountClaim']);
    expect(collections.activitiesOfTenant(t).entities).toEqual(['activity']);
    expect(collections.outcomeMeasurementsOfCampaign(t, id()).entities).toEqual(['outcomeMeasurement', 'outcomeClaim']);
    // Index partitions name their kinds too: a creator's activity links and its costs live apart.
    expect(collections.activitiesOfCreator(t, 'c').entities).toEqual(['activityCreator']);
    expect(collections.costsOfCreator(t, 'c').entities).toEqual(['cost']);
    expect(collections.activitiesOfCreator(t, 'c').pk).not.toBe(collections.costsOfCreator(t, 'c').pk);
  });
});
