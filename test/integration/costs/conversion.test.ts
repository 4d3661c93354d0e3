/**
 * A cost's conversion over HTTP (docs/decisions.md "Money and metrics", docs/money.md): the ECB's
 * rate of its day or the last publication before it, a booked rate, none before the first
 * publication, converted again when its activity's startAt moves its day and when the tenant's
 * currency changes. Each expected rate is read here from the stand-in's ECB file (the repository's
 * copy of the 90-day file of 2017-03-03) with a regular expression, not the service's parser.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { activityInput, newCost, newOrganization } from './helpers.ts';

const FILE = readFileSync(
  new URL('../../../shared/integrations/rates/data/eurofxref-hist-90d-2017-03-03.xml', import.meta.url),
  'utf8',
);

/** A currency's ECB quote (units per 1 EUR) published on `date`; EUR is 1. */
function quote(date: string, currency: string): number {
  if (currency === 'EUR') return 1;
  const day = new RegExp(`<Cube time="${date}">(.*?)</Cube>`, 's').exec(FILE);
  const found = day && new RegExp(`currency="${currency}" rate="([\\d.]+)"`).exec(day[1]!);
  if (!found) throw new Error(`The file has no ${currency} quote on ${date}`);
  return Number(found[1]);
}

/** Half away from zero to 2 decimals (USD, EUR, GBP). */
const cents = (value: number) => (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp('Conversion Owner');
});

async function api(method: string, path: string, body?: unknown) {
  const res = await call(method, path, { token: owner.token, ...(body !== undefined ? { body } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body?.data;
}

async function activityStarting(organizationId: string, startAt: string | null) {
  return api('POST', '/v1/activities', { organizationId, ...activityInput(), ...(startAt ? { startAt } : {}) });
}

/** A cost as the list shows it (there is no route for one cost). */
async function costOf(organizationId: string, id: string) {
  const res = await call('GET', `/v1/costs?organizationId=${organizationId}&pageIndex=0&pageSize=50`, {
    token: owner.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: string }[]).find((c) => c.id === id) as Record<string, any>;
}

describe('a cost in another currency', () => {
  it("converts at the ECB rate of its day, crossed through EUR; a Saturday takes Friday's publication", async () => {
    const organizationId = await newOrganization(owner, { currency: 'GBP' });
    const thursday = await activityStarting(organizationId, '2017-01-12T12:00:00.000Z');
    const saturday = await activityStarting(organizationId, '2017-01-14T12:00:00.000Z');
    const onThursday = await newCost(owner, { activityId: thursday.id, amount: 1234.56, currency: 'USD' });
    const onSaturday = await newCost(owner, { activityId: saturday.id, amount: 1234.56, currency: 'USD' });
    const rate = (date: string) => quote(date, 'GBP') / quote(date, 'USD');
    expect(onThursday.conversion).toMatchObject({
      rateDate: '2017-01-12',
      source: 'ecb',
      currency: 'GBP',
      amount: cents(1234.56 * rate('2017-01-12')),
    });
    expect(onThursday.conversion.rate).toBeCloseTo(rate('2017-01-12'), 12);
    expect(onSaturday.conversion).toMatchObject({
      rateDate: '2017-01-13',
      source: 'ecb',
      amount: cents(1234.56 * rate('2017-01-13')),
    });
    // The organization's spend is the two rounded converted amounts, and its basis names them.
    const metrics = await call('GET', `/v1/reporting/organization/metrics?organizationId=${organizationId}`, {
      token: owner.token,
    });
    const converted = cents(onThursday.conversion.amount + onSaturday.conversion.amount);
    expect(metrics.body.data.totalCosts).toBe(converted);
    expect(metrics.body._meta.provenance.basis.conversions).toEqual([
      {
        currency: 'USD',
        amount: 2469.12,
        converted,
        source: 'ecb',
        firstRateDate: '2017-01-12',
        lastRateDate: '2017-01-13',
      },
    ]);
  });

  it('converts at its booked rate while the tenant keeps the currency it was booked in', async () => {
    const organizationId = await newOrganization(owner, { currency: 'GBP' });
    const activity = await activityStarting(organizationId, '2017-02-01T09:00:00.000Z');
    const cost = await newCost(owner, { activityId: activity.id, amount: 500, currency: 'ARS', exchangeRate: 0.0512 });
    expect(cost.conversion).toEqual({
      rate: 0.0512,
      rateDate: '2017-02-01',
      source: 'booked',
      currency: 'GBP',
      amount: 25.6,
    });
  });

  it("has no rate before the first publication, and gains one when its activity moves into the file's days", async () => {
    const organizationId = await newOrganization(owner, { currency: 'GBP' });
    const activity = await activityStarting(organizationId, '2016-11-20T12:00:00.000Z');
    const cost = await newCost(owner, { activityId: activity.id, amount: 100, currency: 'USD' });
    expect(cost.conversion).toBeNull();
    const before = await call('GET', `/v1/reporting/organization/metrics?organizationId=${organizationId}`, {
      token: owner.token,
    });
    expect(before.body.data.totalCosts).toBe(0);
    expect(before.body._meta.warnings.join(' ')).toMatch(/USD/);

    await api('PATCH', `/v1/activities/${activity.id}`, { name: activity.name, startAt: '2017-02-10T12:00:00.000Z' });
    const rate = quote('2017-02-10', 'GBP') / quote('2017-02-10', 'USD');
    expect((await costOf(organizationId, cost.id)).conversion).toMatchObject({
      rateDate: '2017-02-10',
      source: 'ecb',
      amount: cents(100 * rate),
    });
    const after = await call('GET', `/v1/reporting/organization/metrics?organizationId=${organizationId}`, {
      token: owner.token,
    });
    expect(after.body.data.totalCosts).toBe(cents(100 * rate));
  });

  it("is converted again into the tenant's new currency; the booked rate stays on the cost but no longer applies", async () => {
    const organizationId = await newOrganization(owner, { currency: 'GBP' });
    const activity = await activityStarting(organizationId, '2017-02-20T12:00:00.000Z');
    const inGbp = await newCost(owner, { activityId: activity.id, amount: 80, currency: 'GBP' });
    const booked = await newCost(owner, { activityId: activity.id, amount: 10, currency: 'USD', exchangeRate: 0.8 });
    expect(booked.conversion).toMatchObject({ source: 'booked', amount: 8 });

    await api('PATCH', `/v1/organizations/${organizationId}`, { currency: 'EUR' });
    const date = '2017-02-20';
    const gbp = await costOf(organizationId, inGbp.id);
    const usd = await costOf(organizationId, booked.id);
    expect(gbp.conversion).toMatchObject({
      rateDate: date,
      source: 'ecb',
      currency: 'EUR',
      amount: cents(80 / quote(date, 'GBP')),
    });
    expect(usd).toMatchObject({
      exchangeRate: 0.8,
      conversion: { rateDate: date, source: 'ecb', currency: 'EUR', amount: cents(10 / quote(date, 'USD')) },
    });
    const metrics = await call('GET', `/v1/reporting/organization/metrics?organizationId=${organizationId}`, {
      token: owner.token,
    });
    expect(metrics.body._meta.currency).toBe('EUR');
    expect(metrics.body.data.totalCosts).toBe(cents(gbp.conversion.amount + usd.conversion.amount));
  });
});
