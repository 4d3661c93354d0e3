/**
 * The event sources against DynamoDB Local: each event from the real write that causes it (its
 * item's images before and after, as the stream gives them), with the record it is about as the
 * API shows it; and the changes that cause none.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyBillingChange, rememberCustomer } from '../../../shared/db/billing/billing.ts';
import { createActivity } from '../../../shared/db/catalogue/activities.ts';
import { createCost } from '../../../shared/db/catalogue/costs.ts';
import { createCampaign, updateCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { linkActivity } from '../../../shared/db/campaigns/campaign-links.ts';
import { markNeedsReconnect, saveGrant, setConnected, analyticsKeys } from '../../../shared/db/analytics/analytics.ts';
import { createOutcomeDefinition } from '../../../shared/db/evidence/outcome-definitions.ts';
import {
  createMeasurement,
  deleteMeasurement,
  updateMeasurement,
} from '../../../shared/db/evidence/outcome-measurements.ts';
import { markUnavailable, recordReadings } from '../../../shared/db/metrics/snapshots.ts';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { activateMembership, addMembership, changeRole } from '../../../shared/db/tenancy/memberships.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { createUser } from '../../../shared/db/tenancy/users.ts';
import { createCreator, updateCreator } from '../../../shared/db/catalogue/creators.ts';
import { eventsOf } from '../../../shared/webhooks/event-sources.ts';
import { youtubeReading } from '../../support/readings.ts';
import { changeBy, changeOf, eventsBy, expectNoKeys, itemAt } from './helpers.ts';

const organization = async (input: { currency?: string; ianaTimezone?: string } = {}) =>
  (await createTenant({ name: 'Events', ownerUserId: randomUUID(), ...input })).id;
const user = (name: string) => createUser({ userId: randomUUID(), email: `${randomUUID()}@example.com`, name });

describe('member.joined', () => {
  it('comes when a member is added active, as the members list shows them, and not for a role change', async () => {
    const tenantId = await organization();
    const ada = await user('Ada');
    const [event, ...more] = await eventsBy(keys.membership(tenantId, ada.userId), () =>
      addMembership(tenantId, ada.userId, 'member', 'active'),
    );
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'member.joined', tenantId, id: expect.stringMatching(/^msg_[0-9a-f]{32}$/) });
    expect(event!.data).toEqual({
      ...ada,
      role: 'member',
      membershipStatus: 'active',
      organizationId: tenantId,
      previousMembershipStatus: null,
    });
    expect(
      await eventsBy(keys.membership(tenantId, ada.userId), () => changeRole(tenantId, ada.userId, 'viewer')),
    ).toEqual([]);
  });

  it('comes when a pending membership is accepted, not when it is added pending', async () => {
    const tenantId = await organization();
    const bo = await user('Bo');
    expect(
      await eventsBy(keys.membership(tenantId, bo.userId), () =>
        addMembership(tenantId, bo.userId, 'viewer', 'pending'),
      ),
    ).toEqual([]);
    const [event] = await eventsBy(keys.membership(tenantId, bo.userId), () => activateMembership(tenantId, bo.userId));
    expect(event).toMatchObject({
      type: 'member.joined',
      tenantId,
      data: {
        userId: bo.userId,
        email: bo.email,
        role: 'viewer',
        membershipStatus: 'active',
        previousMembershipStatus: 'pending',
      },
    });
  });
});

describe('billing.status_changed', () => {
  it('comes when the status moves, with the organization record, and not for a change of period alone', async () => {
    const tenantId = await organization();
    await rememberCustomer(tenantId, `cus_${tenantId}`);
    const base = {
      organizationId: tenantId,
      customerId: `cus_${tenantId}`,
      subscriptionId: 'sub_1',
      plan: 'growth' as const,
    };
    const [event] = await eventsBy(keys.tenant(tenantId), () =>
      applyBillingChange({ ...base, created: 10, status: 'active' }),
    );
    expect(event).toMatchObject({
      type: 'billing.status_changed',
      tenantId,
      data: {
        id: tenantId,
        name: 'Events',
        previousStatus: 'unpaid',
        status: 'active',
        billing: { plan: 'growth', status: 'active' },
      },
    });
    expectNoKeys(event!.data);
    for (const hidden of ['stripeCustomerId', 'stripeSubscriptionId', 'billingCreated', 'memberCount'])
      expect(event!.data).not.toHaveProperty(hidden);
    expect(
      await eventsBy(keys.tenant(tenantId), () =>
        applyBillingChange({ ...base, created: 20, status: 'active', currentPeriodEnd: '2031-01-01T00:00:00.000Z' }),
      ),
    ).toEqual([]);
    const [pastDue] = await eventsBy(keys.tenant(tenantId), () =>
      applyBillingChange({ ...base, created: 30, status: 'past_due' }),
    );
    expect(pastDue!.data).toMatchObject({ previousStatus: 'active', status: 'past_due' });
  });
});

describe('analytics.connection_needs_reconnect', () => {
  it('comes once when the grant is refused, with the connection as the routes show it (no token)', async () => {
    const tenantId = await organization();
    const key = analyticsKeys.connection(tenantId);
    expect(
      await eventsBy(key, () =>
        saveGrant(tenantId, { sealedRefreshToken: 'sealed-secret', connectedBy: randomUUID() }),
      ),
    ).toEqual([]);
    expect(await eventsBy(key, () => setConnected(tenantId, '123', 'Shop'))).toEqual([]);
    const [event] = await eventsBy(key, () => markNeedsReconnect(tenantId));
    expect(event).toMatchObject({ type: 'analytics.connection_needs_reconnect', tenantId });
    expect(event!.data).toEqual({
      organizationId: tenantId,
      status: 'needs_reconnect',
      propertyId: '123',
      propertyName: 'Shop',
      lastImportAt: null,
      previousStatus: 'importing',
    });
    expect(await eventsBy(key, () => markNeedsReconnect(tenantId))).toEqual([]);
  });
});

describe('activity events', () => {
  it('metrics_updated comes when a reading changes the latest counts, not when a later reading finds the same', async () => {
    const tenantId = await organization();
    const activity = await createActivity(tenantId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Launch video',
    });
    const key = keys.activity(tenantId, activity.id);
    const read = (at: string, views: number) =>
      recordReadings(tenantId, [
        { activityId: activity.id, reading: youtubeReading(at, { views, likes: 10, comments: 2 }) },
      ]);
    const [first] = await eventsBy(key, () => read('2026-03-12T15:00:00.000Z', 1000));
    expect(first).toMatchObject({
      type: 'activity.metrics_updated',
      tenantId,
      data: { id: activity.id, name: 'Launch video', creatorIds: [], previousLatestCounts: null },
    });
    expect(first!.data.latestCounts).toMatchObject({ views: 1000, likes: 10, comments: 2 });
    expectNoKeys(first!.data);
    for (const hidden of ['linksRevision', 'costsRevision', 'firstReading'])
      expect(first!.data).not.toHaveProperty(hidden);
    const [second] = await eventsBy(key, () => read('2026-03-13T15:00:00.000Z', 1500));
    expect(second!.data).toMatchObject({ latestCounts: { views: 1500 }, previousLatestCounts: { views: 1000 } });
    expect(await eventsBy(key, () => read('2026-03-14T15:00:00.000Z', 1500))).toEqual([]);
  });

  it('metrics_unavailable comes when an activity becomes unavailable, with the reason, and not when the reason is restated or replaced', async () => {
    const tenantId = await organization();
    const activity = await createActivity(tenantId, { channel: 'tiktok', activity: 'tiktok_video', name: 'Dance' });
    const key = keys.activity(tenantId, activity.id);
    const [event] = await eventsBy(key, () => markUnavailable(tenantId, activity.id, 'platform_has_no_public_metrics'));
    expect(event).toMatchObject({
      type: 'activity.metrics_unavailable',
      tenantId,
      data: {
        id: activity.id,
        reason: 'platform_has_no_public_metrics',
        metricsUnavailableReason: 'platform_has_no_public_metrics',
      },
    });
    expect(await eventsBy(key, () => markUnavailable(tenantId, activity.id, 'content_not_found'))).toEqual([]);
  });
});

describe('outcome.measurement_recorded', () => {
  it('comes with each claim recorded (the first, a correction), with the measurement as the routes show it, and not for a delete', async () => {
    const tenantId = await organization();
    const campaign = await createCampaign(tenantId, { name: 'Spring' });
    const definition = await createOutcomeDefinition(tenantId, { name: 'Signups', valueKind: 'count' });
    const measurement = await createMeasurement(
      tenantId,
      campaign.id,
      { outcomeDefinitionId: definition.id, value: 120, sourceMethod: 'manual' },
      null,
    );
    const key = keys.outcomeMeasurement(tenantId, campaign.id, measurement.id);
    const [first] = await eventsOf(changeOf(undefined, await itemAt(key)));
    expect(first).toMatchObject({ type: 'outcome.measurement_recorded', tenantId });
    expect(first!.data).toEqual({ ...measurement, previousActiveClaimId: null });

    const correction = await changeBy(key, () => updateMeasurement(tenantId, measurement, { value: 130 }, null));
    const [corrected] = await eventsOf(correction);
    expect(corrected!.data).toMatchObject({
      value: 130,
      previousActiveClaimId: measurement.activeClaimId,
      claims: [
        { value: 130, status: 'active' },
        { value: 120, status: 'superseded' },
      ],
    });
    // Corrected once more: that first correction's event (a redelivered stream record) still shows the claims as its write left them.
    await updateMeasurement(tenantId, measurement, { value: 140 }, null);
    const [again] = await eventsOf(correction);
    expect(again).toEqual(corrected);

    expect(await eventsBy(key, () => deleteMeasurement(tenantId, measurement))).toEqual([]);
  });
});

describe('campaign.budget_exceeded', () => {
  it('comes once when spend in the organization currency passes the budget, again only after a new crossing', async () => {
    const tenantId = await organization({ currency: 'EUR' });
    const campaign = await createCampaign(tenantId, { name: 'Spring', budget: 100 });
    const activity = await createActivity(tenantId, {
      channel: 'youtube',
      activity: 'youtube_video',
      name: 'Launch video',
    });
    await linkActivity(tenantId, campaign.id, activity.id);
    const key = keys.campaign(tenantId, campaign.id);
    const cost = (amount: number, currency = 'EUR') =>
      createCost(tenantId, activity, { amount, currency, type: 'creator_fee', creatorId: null });
    expect(await eventsBy(key, () => cost(60))).toEqual([]);
    // Spend in a currency with no rate (the ECB publishes none for ARS, none booked) is no spend against the budget.
    expect(await eventsBy(key, () => cost(500, 'ARS'))).toEqual([]);
    expect(await eventsBy(key, () => cost(40))).toEqual([]); // exactly the budget: not above it
    const [event, ...more] = await eventsBy(key, () => cost(0.01));
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'campaign.budget_exceeded',
      tenantId,
      data: {
        id: campaign.id,
        budget: 100,
        currency: 'EUR',
        spendInCurrency: 100.01,
        previousSpendInCurrency: 100,
        spend: { EUR: 100.01, ARS: 500 },
      },
    });
    expect(event!.data).toHaveProperty('status');
    expectNoKeys(event!.data);
    expect(await eventsBy(key, () => cost(5))).toEqual([]);
    expect(await eventsBy(key, () => updateCampaign(tenantId, campaign.id, { budget: 200 }))).toEqual([]);
    const [again] = await eventsBy(key, () => cost(100));
    expect(again).toMatchObject({ type: 'campaign.budget_exceeded', data: { budget: 200, spendInCurrency: 205.01 } });
  });
});

describe('eventsOf', () => {
  it('gives the same ids for the same change, other ids for another change, and nothing for other kinds of item', async () => {
    const tenantId = await organization();
    const ada = await user('Ada');
    const change = await changeBy(keys.membership(tenantId, ada.userId), () =>
      addMembership(tenantId, ada.userId, 'member', 'active'),
    );
    const [once] = await eventsOf(change);
    const [twice] = await eventsOf({ ...change });
    expect(twice!.id).toBe(once!.id);
    expect(twice!.timestamp).toBe(change.createdAt);
    const [other] = await eventsOf({ ...change, eventId: randomUUID() });
    expect(other!.id).not.toBe(once!.id);

    const creator = await createCreator(tenantId, { name: 'Cleo' });
    expect(
      await eventsBy(keys.creator(tenantId, creator.id), () => updateCreator(tenantId, creator.id, { name: 'Cleo B' })),
    ).toEqual([]);
    expect(await eventsOf(changeOf(await itemAt(keys.membership(tenantId, ada.userId)), undefined))).toEqual([]);
  });
});
