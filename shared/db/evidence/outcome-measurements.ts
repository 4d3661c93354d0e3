/**
 * Outcome measurements (Form A): a reported value of an outcome definition for a campaign, backed
 * by an append-only history of evidence claims. The measurement item holds the current (active)
 * claim's fields; every claim is its own item right after it in the campaign's outcome prefix:
 *
 *   OUTCOME#<campaignId>#MEASUREMENT#<id>                   the measurement (current fields, revision)
 *   OUTCOME#<campaignId>#MEASUREMENT#<id>#CLAIM#000001..    its claims, oldest first
 *
 * A change of any claim field writes a new active claim and supersedes the prior one in ONE
 * transaction conditioned on the measurement's `revision` as read; a writer that lost a race
 * re-reads and reapplies its change, so concurrent changes leave exactly one active claim and
 * lose none of the history. Every create, delete and definition change moves the definitions'
 * `activeMeasurementsCount` in the same transaction, and every change of the active ones (value or
 * definition) the tenant's totals per definition (outcome-totals.ts: the organization's
 * conversions). Deletes are soft (`deletedAt`); claims stay.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { conflict, invalidInput, notFound } from '../../domain/errors.ts';
import { campaignFromItem, getCampaign, liveCampaign } from '../campaigns/campaigns.ts';
import { defineEntity, getRecord } from '../table/entity.ts';
import { absent, all, equals, lacks } from '../table/expressions.ts';
import { isEntity } from '../table/keys.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchGet } from '../table/operations.ts';
import { queryItems, queryRecords } from '../table/query.ts';
import { outcomeTotalsUpdates } from './outcome-totals.ts';
import {
  definitionCountUpdate,
  definitionFromItem,
  outcomeDefinitionsById,
  type OutcomeDefinition,
} from './outcome-definitions.ts';
import { timeOrderedId } from '../table/ids.ts';
import { pointerPut } from '../table/records.ts';
import { retryAgain } from '../table/retry.ts';
import { transact, type TransactItem } from '../table/transact.ts';
import {
  ClaimSchema,
  MeasurementSchema,
  type Claim,
  type ClaimFields,
  type Measurement,
} from '../../records/outcome-measurement.ts';

const CLAIM_FIELDS = [
  'outcomeDefinitionId',
  'value',
  'baselineValue',
  'market',
  'sourceMethod',
  'confidence',
  'periodStart',
  'periodEnd',
] as const satisfies readonly (keyof ClaimFields)[];

export type DefinitionSummary = NonNullable<Measurement['definition']>;

/** What the measurement item stores of the record: all but what reads join (the definition, its unit, the claims). */
const { unitLabel: _unit, definition: _definition, claims: _claims, ...storedMeasurement } = MeasurementSchema.shape;

const Measurements = defineEntity({
  name: 'The measurement',
  schema: () =>
    z.object({
      ...storedMeasurement,
      /** Number of claims written; the active claim is the last. */
      claimCount: z.number(),
      /** Bumped by every write; writes are conditioned on the revision they read. */
      revision: z.number(),
      deletedAt: z.optional(z.string()),
    }),
  key: (tenantId: string, m: { campaignId: string; id: string }) =>
    keys.outcomeMeasurement(tenantId, m.campaignId, m.id),
  queries: {
    /** A campaign's measurements, each followed by its claims (one query; `isClaimItem` tells them apart). */
    ofCampaignWithClaims: collections.outcomeMeasurementsOfCampaign,
    /** One measurement and its claims. */
    withClaims: collections.outcomeMeasurementWithClaims,
  },
});
type StoredMeasurement = z.infer<typeof Measurements.schema>;

const Claims = defineEntity({
  name: 'The claim',
  schema: () => z.object({ ...ClaimSchema.shape, measurementId: z.string(), seq: z.number() }),
  key: (tenantId: string, m: { campaignId: string; id: string }, seq: number) =>
    keys.outcomeClaim(tenantId, m.campaignId, m.id, seq),
  queries: {
    /** A measurement's claims alone, oldest first. */
    ofMeasurement: collections.claimsOfMeasurement,
  },
});
type StoredClaim = z.infer<typeof Claims.schema>;

export type NewMeasurement = Pick<ClaimFields, 'outcomeDefinitionId' | 'value' | 'sourceMethod'> &
  Partial<Omit<ClaimFields, 'outcomeDefinitionId' | 'value' | 'sourceMethod'>>;

export type MeasurementChanges = Partial<ClaimFields>;

const measurementMissing = () => notFound('The measurement');
const definitionMissing = () => notFound('The outcome definition');
const campaignMissing = () => notFound('The campaign');
const busy = () => conflict('The measurement is being changed by others right now; read it again and retry.');

/** A write lost a race with another writer of the measurement: read it again and reapply (not an answer). */
class LostRace extends Error {}
const lostRace = () => new LostRace('The measurement changed meanwhile.');

/**
 * Runs a read-then-write round again while it loses races with other writers of the measurement
 * (the data layer's backoff between rounds); 409 `busy` when the request's retry budget is spent.
 */
async function untilWon<T>(round: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await round();
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      if (!(await retryAgain(attempt))) throw busy();
    }
  }
}

const isClaimItem = (item: Record<string, unknown>) => isEntity(item, 'outcomeClaim');

function claimFieldsOf(source: ClaimFields): ClaimFields {
  return {
    outcomeDefinitionId: source.outcomeDefinitionId,
    value: Number(source.value),
    baselineValue: source.baselineValue == null ? null : Number(source.baselineValue),
    market: source.market ?? null,
    sourceMethod: source.sourceMethod,
    confidence: source.confidence == null ? null : Number(source.confidence),
    periodStart: source.periodStart ?? null,
    periodEnd: source.periodEnd ?? null,
  };
}

function claimOf(c: StoredClaim): Claim {
  return {
    id: c.id,
    ...claimFieldsOf(c),
    status: c.status,
    supersededAt: c.supersededAt ?? null,
    createdAt: c.createdAt,
    createdBy: c.createdBy ?? null,
  };
}

function summaryOf(definition: OutcomeDefinition | undefined): DefinitionSummary | null {
  if (!definition) return null;
  const { id, name, valueKind, unitLabel, defaultCurrency } = definition;
  return { id, name, valueKind, unitLabel, defaultCurrency };
}

/** The record as returned: the current fields, the definition joined, the claims newest first. */
function present(m: StoredMeasurement, claims: StoredClaim[], definition: OutcomeDefinition | undefined): Measurement {
  const summary = summaryOf(definition);
  return {
    id: m.id,
    organizationId: m.organizationId,
    workspaceId: m.workspaceId,
    campaignId: m.campaignId,
    ...claimFieldsOf(m),
    unitLabel: summary?.unitLabel ?? null,
    definition: summary,
    activeClaimId: m.activeClaimId,
    claims: [...claims].sort((a, b) => b.seq - a.seq).map(claimOf),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** 400 unless periodStart <= periodEnd (both set); `path` names the input blamed. */
export function checkPeriodOrder(
  fields: Pick<ClaimFields, 'periodStart' | 'periodEnd'>,
  path: 'periodStart' | 'periodEnd',
): void {
  if (fields.periodStart && fields.periodEnd && fields.periodStart > fields.periodEnd) {
    throw invalidInput('periodStart is after periodEnd.', [
      { path, message: `The period must not end (${fields.periodEnd}) before it starts (${fields.periodStart}).` },
    ]);
  }
}

interface Loaded {
  measurement: StoredMeasurement;
  /** Oldest first (sort-key order). */
  claims: StoredClaim[];
}

/** A measurement with its claims, read consistently in one query; undefined when missing. */
async function load(tenantId: string, campaignId: string, measurementId: string): Promise<Loaded | undefined> {
  const items = await queryItems(Measurements.query.withClaims(tenantId, campaignId, measurementId), {
    consistent: true,
  });
  const head = items.find((item) => item.sk === keys.outcomeMeasurement(tenantId, campaignId, measurementId).sk);
  if (!head) return undefined;
  return {
    measurement: Measurements.fromItem(head),
    claims: items.filter(isClaimItem).map(Claims.fromItem),
  };
}

function newClaim(
  m: Pick<StoredMeasurement, 'id'>,
  seq: number,
  fields: ClaimFields,
  now: string,
  createdBy: string | null,
): StoredClaim {
  return {
    id: randomUUID(),
    measurementId: m.id,
    seq,
    ...fields,
    status: 'active',
    supersededAt: null,
    createdAt: now,
    createdBy,
  };
}

/**
 * Creates a measurement of a campaign with its first (active) claim. The campaign and a live
 * definition of the tenant are conditions of the same transaction (404 each), which also counts
 * the measurement in the definition.
 */
export async function createMeasurement(
  tenantId: string,
  campaignId: string,
  input: NewMeasurement,
  createdBy: string | null,
): Promise<Measurement> {
  const fields = claimFieldsOf(input as ClaimFields);
  checkPeriodOrder(fields, 'periodEnd');
  // One read for early, specific 404s and the definition to join; the transaction re-checks both.
  const found = await batchGet([
    keys.campaign(tenantId, campaignId),
    keys.outcomeDefinition(tenantId, fields.outcomeDefinitionId),
  ]);
  const campaign = found.find((item) => item.sk === keys.campaign(tenantId, campaignId).sk);
  const definitionItem = found.find((item) => item.sk !== keys.campaign(tenantId, campaignId).sk);
  // A campaign being deleted carries `deletingAt` before its measurements are retired: none can be added after.
  if (!campaign || !campaignFromItem(campaign)) throw campaignMissing();
  if (!definitionItem || definitionItem.deletedAt !== undefined) throw definitionMissing();
  const definition = definitionFromItem(definitionItem);
  const now = new Date();
  const at = now.toISOString();
  const id = timeOrderedId(now.getTime());
  const claim = newClaim({ id }, 1, fields, at, createdBy);
  const measurement: StoredMeasurement = {
    id,
    organizationId: tenantId,
    workspaceId: tenantId,
    campaignId,
    ...fields,
    activeClaimId: claim.id,
    claimCount: 1,
    revision: 1,
    createdAt: at,
    updatedAt: at,
  };
  const key = Measurements.key(tenantId, measurement);
  // A lost race on the definition's counter is retried by the transaction's own retry policy.
  // The campaign's totals, on the condition that it is live (a campaign being deleted takes no new measurement).
  const [tenantTotals, campaignTotals] = outcomeTotalsUpdates(
    tenantId,
    campaignId,
    [{ definitionId: fields.outcomeDefinitionId, value: fields.value, sign: 1 }],
    liveCampaign,
  );
  await transact([
    { ...campaignTotals!, failure: campaignMissing },
    { ...definitionCountUpdate(tenantId, fields.outcomeDefinitionId, 1), failure: definitionMissing },
    Measurements.tx.put(key, measurement, { condition: absent }),
    Claims.tx.put(Claims.key(tenantId, measurement, 1), claim, { condition: absent }),
    pointerPut('outcomeMeasurement', id, tenantId, key),
    tenantTotals!,
  ]);
  return present(measurement, [claim], definition);
}

/**
 * Applies `changes` to the measurement at `location` (the item authorization read). Any changed
 * claim field appends an active claim and supersedes the prior one, in one transaction on the
 * revision read; on a lost race the measurement is read again and the change reapplied. A change
 * that changes nothing writes nothing. Returns the whole record.
 */
export async function updateMeasurement(
  tenantId: string,
  location: Pick<StoredMeasurement, 'campaignId' | 'id'>,
  changes: MeasurementChanges,
  createdBy: string | null,
): Promise<Measurement> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as MeasurementChanges;
  return untilWon(async () => {
    const loaded = await load(tenantId, location.campaignId, location.id);
    if (!loaded || loaded.measurement.deletedAt !== undefined) throw measurementMissing();
    const { measurement: before, claims } = loaded;
    const fields = claimFieldsOf({ ...claimFieldsOf(before), ...given });
    checkPeriodOrder(fields, given.periodEnd !== undefined ? 'periodEnd' : 'periodStart');
    const current = claimFieldsOf(before);
    if (CLAIM_FIELDS.every((field) => fields[field] === current[field])) {
      return present(before, claims, await definitionOf(tenantId, before));
    }
    const now = new Date().toISOString();
    const seq = before.claimCount + 1;
    const claim = newClaim(before, seq, fields, now, createdBy);
    const after: StoredMeasurement = {
      ...before,
      ...fields,
      activeClaimId: claim.id,
      claimCount: seq,
      revision: before.revision + 1,
      updatedAt: now,
    };
    const definitionMoves = fields.outcomeDefinitionId !== before.outcomeDefinitionId;
    const items: TransactItem[] = [
      // First: a definition gone meanwhile is the answer, whatever else changed.
      ...(definitionMoves
        ? [
            { ...definitionCountUpdate(tenantId, fields.outcomeDefinitionId, 1), failure: definitionMissing },
            { ...definitionCountUpdate(tenantId, before.outcomeDefinitionId, -1), failure: lostRace },
          ]
        : []),
      Measurements.tx.put(Measurements.key(tenantId, after), after, {
        condition: all(equals('revision', before.revision), lacks('deletedAt')),
        failure: lostRace,
      }),
      Claims.tx.put(Claims.key(tenantId, after, seq), claim, { condition: absent, failure: lostRace }),
      Claims.tx.update(
        Claims.key(tenantId, before, before.claimCount),
        { set: { status: 'superseded', supersededAt: now } },
        {
          condition: equals('status', 'active'),
          failure: lostRace,
        },
      ),
      ...outcomeTotalsUpdates(tenantId, before.campaignId, [
        { definitionId: before.outcomeDefinitionId, value: before.value, sign: -1 },
        { definitionId: fields.outcomeDefinitionId, value: fields.value, sign: 1 },
      ]),
    ];
    await transact(items);
    const prior = claims.map((c) =>
      c.id === before.activeClaimId ? { ...c, status: 'superseded' as const, supersededAt: now } : c,
    );
    return present(after, [...prior, claim], await definitionOf(tenantId, after));
  });
}

async function definitionOf(
  tenantId: string,
  m: Pick<ClaimFields, 'outcomeDefinitionId'>,
): Promise<OutcomeDefinition | undefined> {
  return (await outcomeDefinitionsById(tenantId, [m.outcomeDefinitionId])).get(m.outcomeDefinitionId);
}

/**
 * Soft-deletes a live measurement, taking it out of its definition's count in the same
 * transaction; its claims stay as they are. False when it was deleted (or gone) already.
 */
async function retire(tenantId: string, location: Pick<StoredMeasurement, 'campaignId' | 'id'>): Promise<boolean> {
  const key = Measurements.key(tenantId, location);
  return untilWon(async () => {
    const current = await getRecord(Measurements, key, { consistent: true });
    if (!current || current.deletedAt !== undefined) return false;
    const now = new Date().toISOString();
    await transact([
      Measurements.tx.update(
        key,
        { set: { deletedAt: now, updatedAt: now, revision: current.revision + 1 } },
        {
          condition: all(equals('revision', current.revision), lacks('deletedAt')),
          failure: lostRace,
        },
      ),
      { ...definitionCountUpdate(tenantId, current.outcomeDefinitionId, -1), failure: lostRace },
      ...outcomeTotalsUpdates(tenantId, current.campaignId, [
        { definitionId: current.outcomeDefinitionId, value: current.value, sign: -1 },
      ]),
    ]);
    return true;
  });
}

/** DELETE: soft-deletes the measurement; 404 when it is gone already. */
export async function deleteMeasurement(
  tenantId: string,
  location: Pick<StoredMeasurement, 'campaignId' | 'id'>,
): Promise<void> {
  if (!(await retire(tenantId, location))) throw measurementMissing();
}

/** Every item under a campaign's outcome prefix: measurements and their claims, grouped. */
async function campaignOutcomes(tenantId: string, campaignId: string): Promise<Loaded[]> {
  const items = await queryItems(Measurements.query.ofCampaignWithClaims(tenantId, campaignId));
  const byId = new Map<string, Loaded>();
  for (const item of items.filter((i) => !isClaimItem(i))) {
    const measurement = Measurements.fromItem(item);
    byId.set(measurement.id, { measurement, claims: [] });
  }
  for (const item of items.filter(isClaimItem)) {
    const claim = Claims.fromItem(item);
    byId.get(claim.measurementId)?.claims.push(claim);
  }
  return [...byId.values()];
}

/**
 * The campaign's live measurements, newest first, with their claims and definitions; 404 when
 * the campaign does not exist in the tenant.
 */
export async function measurementsOfCampaign(tenantId: string, campaignId: string): Promise<Measurement[]> {
  const [campaign, loaded] = await Promise.all([
    getCampaign(tenantId, campaignId),
    campaignOutcomes(tenantId, campaignId),
  ]);
  if (!campaign) throw campaignMissing();
  const live = loaded.filter((l) => l.measurement.deletedAt === undefined);
  const definitions = await outcomeDefinitionsById(
    tenantId,
    live.map((l) => l.measurement.outcomeDefinitionId),
  );
  return live
    .map((l) => present(l.measurement, l.claims, definitions.get(l.measurement.outcomeDefinitionId)))
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
}

/**
 * Soft-deletes every live measurement of a campaign, each with its definition count (campaign
 * delete). Idempotent: a repeat, or a run after a partial one, retires what is left. Needs no
 * campaign item, so it may run after the campaign is gone. Returns how many it retired.
 */
export async function retireMeasurementsOfCampaign(tenantId: string, campaignId: string): Promise<number> {
  const live = (await campaignOutcomes(tenantId, campaignId)).filter((l) => l.measurement.deletedAt === undefined);
  let retired = 0;
  for (const { measurement } of live) if (await retire(tenantId, measurement)) retired++;
  return retired;
}

/** The measurement item authorization read (via the pointer), as the location of its record. */
export function measurementLocation(item: Record<string, unknown>): Pick<StoredMeasurement, 'campaignId' | 'id'> {
  const { campaignId, id } = Measurements.fromItem(item);
  return { campaignId, id };
}

/**
 * The record a stored measurement item showed when it was written (an outbound event's, from the
 * table's stream): its claims up to that write's, the last of them active as it was then (a later
 * correction supersedes it), and its definition.
 */
export async function measurementAsWritten(tenantId: string, item: Record<string, unknown>): Promise<Measurement> {
  const m = Measurements.fromItem(item);
  const [claimItems, definition] = await Promise.all([
    queryRecords(Claims.query.ofMeasurement(tenantId, m.campaignId, m.id), { consistent: true }),
    definitionOf(tenantId, m),
  ]);
  const claims = claimItems
    .filter((c) => c.seq <= m.claimCount)
    .map((c) => (c.seq === m.claimCount ? { ...c, status: 'active' as const, supersededAt: null } : c));
  return present(m, claims, definition);
}
