/**
 * Concurrency: changes of one measurement leave exactly one active claim, shown by the measurement,
 * with no claim lost; concurrent creates and deletes keep the definition's count exact.
 */
import { describe, expect, it } from 'vitest';
import * as collections from '../../../shared/db/table/collections.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { call } from '../../support/call.ts';
import {
  listDefinitions,
  listMeasurements,
  newDefinition,
  newMeasurement,
  newOrgWithCampaign,
  patchMeasurement,
  postMeasurement,
  type Org,
} from './helpers.ts';

/** The claim items stored under a measurement, oldest first. */
async function storedClaims(org: Org, measurementId: string) {
  const items = await queryItems(collections.claimsOfMeasurement(org.organizationId, org.campaignId, measurementId), {
    consistent: true,
  });
  return items.map((i) => ({ id: i.id as string, value: Number(i.value), status: i.status as string }));
}

describe('measurement supersession under concurrent PATCHes', () => {
  it('two concurrent value changes both land as claims; exactly one stays active and the measurement matches it', async () => {
    const org = await newOrgWithCampaign();
    const definition = await newDefinition(org);
    const measurement = await newMeasurement(org, definition.id, { value: 100 });
    const [a, b] = await Promise.all([
      patchMeasurement(measurement.id, { value: 200 }, org.owner),
      patchMeasurement(measurement.id, { value: 300 }, org.owner),
    ]);
    // Each writer either won or re-read and reapplied; a 409 (gave up) is allowed, a lost claim is not.
    for (const res of [a, b]) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    const succeeded = [a, b].filter((r) => r.status === 200).map((r) => r.body.data.value as number);
    expect(succeeded.length).toBeGreaterThan(0);

    const claims = await storedClaims(org, measurement.id);
    expect(claims).toHaveLength(1 + succeeded.length);
    expect(claims[0]).toMatchObject({ value: 100, status: 'superseded' });
    expect(
      claims
        .slice(1)
        .map((c) => c.value)
        .sort(),
    ).toEqual([...succeeded].sort());
    const active = claims.filter((c) => c.status === 'active');
    expect(active).toHaveLength(1);
    // The last claim written is the active one.
    expect(active[0]).toEqual(claims.at(-1));

    const [listed] = (await listMeasurements(org)).body.items;
    expect(listed.value).toBe(active[0]!.value);
    expect(listed.activeClaimId).toBe(active[0]!.id);
    expect(listed.claims.map((c: { id: string }) => c.id)).toEqual(claims.map((c) => c.id).reverse());
  });

  it('many concurrent changes keep every claim, one active, and the definition counts exact when some also move definitions', async () => {
    const org = await newOrgWithCampaign();
    const from = await newDefinition(org, { name: 'From' });
    const to = await newDefinition(org, { name: 'To' });
    const measurement = await newMeasurement(org, from.id, { value: 0 });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((value) =>
        patchMeasurement(
          measurement.id,
          { value, ...(value % 2 ? { outcomeDefinitionId: to.id } : { outcomeDefinitionId: from.id }) },
          org.owner,
        ),
      ),
    );
    for (const res of results) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    const succeeded = results.filter((r) => r.status === 200).length;
    const claims = await storedClaims(org, measurement.id);
    expect(claims).toHaveLength(1 + succeeded);
    expect(claims.filter((c) => c.status === 'active')).toEqual([claims.at(-1)]);

    const [listed] = (await listMeasurements(org)).body.items;
    expect(listed.value).toBe(claims.at(-1)!.value);
    // Whatever the order, the measurement is counted once, in the definition it ended on.
    const counts = Object.fromEntries(
      (await listDefinitions(org)).body.items.map((d: { id: string; activeMeasurementsCount: number }) => [
        d.id,
        d.activeMeasurementsCount,
      ]),
    );
    expect(counts[listed.outcomeDefinitionId]).toBe(1);
    expect(counts[listed.outcomeDefinitionId === from.id ? to.id : from.id]).toBe(0);
  });

  it('concurrent creates on one definition all succeed and are all counted', async () => {
    const org = await newOrgWithCampaign();
    const definition = await newDefinition(org);
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((value) => postMeasurement(org, definition.id, { value })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await listMeasurements(org)).body.totalCount).toBe(6);
    expect((await listDefinitions(org)).body.items[0].activeMeasurementsCount).toBe(6);
  });

  it('a delete racing a change leaves the measurement deleted and the count at 0, so the definition can go', async () => {
    const org = await newOrgWithCampaign();
    const definition = await newDefinition(org);
    const measurement = await newMeasurement(org, definition.id, { value: 1 });
    const [patched, removed] = await Promise.all([
      patchMeasurement(measurement.id, { value: 2 }, org.owner),
      call('DELETE', `/v1/outcomes/measurements/${measurement.id}`, { token: org.owner.token }),
    ]);
    expect(removed.status).toBe(200);
    // The change either landed before the delete or found the measurement gone.
    expect([200, 404]).toContain(patched.status);
    expect((await listMeasurements(org)).body.totalCount).toBe(0);
    expect((await listDefinitions(org)).body.items[0].activeMeasurementsCount).toBe(0);
    expect((await call('DELETE', `/v1/outcomes/definitions/${definition.id}`, { token: org.owner.token })).status).toBe(
      200,
    );
  });
});
