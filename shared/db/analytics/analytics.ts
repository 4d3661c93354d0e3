/**
 * Web analytics items (docs/decisions.md "Web analytics"), all in the organization's partition but the
 * OAuth state (their keys: keys.ts `analyticsKeys`): the single-use OAuth state, the connection
 * (sealed refresh token, property, status; in the connected index while connected), imported days,
 * HDYHAU answers and signal days, the signals (mapping and triage kept across imports) and the
 * HDYHAU mappings.
 *
 * An import replaces the days it read: each day's items are written whole and the answers and
 * signal days of those dates that the import no longer saw are deleted, so a revised day is never
 * added to what was stored before.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import type {
  AnalyticsDay,
  HdyhauAnswerDay,
  HdyhauMapping,
  SignalAssociation,
  SignalDay,
  SignalKind,
  StoredSignal,
} from '../../domain/analytics.ts';
import {
  conditionHeld,
  defineEntity,
  deleteRecord,
  getRecord,
  putRecord,
  takeRecord,
  updateRecord,
} from '../table/entity.ts';
import { absent, has } from '../table/expressions.ts';
import { analyticsKeys, type Key } from '../table/keys.ts';
import { batchDelete, batchPut, recordOf } from '../table/operations.ts';
import { queryItems, queryRecords } from '../table/query.ts';
import { HdyhauMappingSchema } from '../../records/analytics.ts';

type Item = Record<string, unknown>;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** Also from here, for the modules that address these items (reporting.ts reads the connection's status; tests set a state). */
export { analyticsKeys };

/** Items of one dated kind from `from` to `to`, a day's items whatever follows its date: what the connection imported. */
function queryDates(
  tenantId: string,
  kind: Parameters<typeof analyticsKeys.dates>[1],
  from: string,
  to: string,
): Promise<Item[]> {
  return queryItems(Connections.query.importedBetween(tenantId, kind, from, to));
}

// --- OAuth state -------------------------------------------------------------------------------

const OAuthStateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    tenantId: z.string(),
    /** Who asked for the authorization URL: the only user who may complete it. */
    userId: z.string(),
    redirectPath: z.string(),
    codeVerifier: z.string(),
    /** Seconds since the epoch. */
    expiresAt: z.number(),
  }),
);

export type OAuthState = z.infer<typeof OAuthStateSchema>;

/** The state item: the state and `ttl`, which lets DynamoDB remove it some time after expiry (`expiresAt` is what the routes check). */
const OAuthStates = defineEntity({
  name: 'The OAuth state',
  schema: () => z.object({ ...OAuthStateSchema.shape, ttl: z.number() }),
  key: analyticsKeys.state,
});

/** The state as the routes see it: `ttl` is the table's housekeeping. */
function withoutTtl(item: (OAuthState & { ttl: number }) | undefined): OAuthState | undefined {
  if (!item) return undefined;
  const { ttl: _ttl, ...state } = item;
  return state;
}

export async function putOAuthState(state: string, value: OAuthState): Promise<void> {
  await putRecord(
    OAuthStates,
    OAuthStates.key(state),
    { ...value, ttl: value.expiresAt + 3600 },
    { condition: absent },
  );
}

/** The state as stored, without spending it (the callback reads where to send the browser). Undefined when there is none. */
export async function getOAuthState(state: string): Promise<OAuthState | undefined> {
  return withoutTtl(await getRecord(OAuthStates, OAuthStates.key(state), { consistent: true }));
}

/**
 * Takes the state out of the table (a conditional delete returning what it held): of two
 * completions with the same state only one gets it, so a state is single use even under a race.
 * Undefined when there is none.
 */
export async function takeOAuthState(state: string): Promise<OAuthState | undefined> {
  return withoutTtl(await takeRecord(OAuthStates, OAuthStates.key(state)));
}

// --- connection --------------------------------------------------------------------------------

const CONNECTION_STATUSES = ['awaiting_property', 'connected', 'needs_reconnect'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const Connections = defineEntity({
  name: 'The analytics connection',
  schema: () =>
    z.object({
      tenantId: z.string(),
      status: z.enum(CONNECTION_STATUSES),
      /** The refresh token, sealed (shared/integrations/token-sealer); never returned by a route. */
      sealedRefreshToken: z.string(),
      propertyId: z.nullable(z.string()),
      propertyName: z.nullable(z.string()),
      hdyhauDimension: z.nullable(z.string()),
      connectedBy: z.string(),
      connectedAt: z.string(),
      /** When the last import finished, and the newest date it read. */
      lastImportAt: z.nullable(z.string()),
      importedThrough: z.nullable(z.string()),
      /** False when the last import found no such dimension in the property (absent before the first import). */
      hdyhauAvailable: z.optional(z.boolean()),
    }),
  key: analyticsKeys.connection,
  queries: {
    /** The connected organizations' connections (gsi1, sparse: connected ones only). */
    connected: analyticsKeys.connectedTenants,
    /** What the connection imported of one dated kind (days, answers, signal days: items written whole by an import), by date. */
    importedBetween: analyticsKeys.dates,
  },
});

export type Connection = z.infer<typeof Connections.schema>;

/** The connection a stored item holds (the outbound events read it from the table's stream). */
export const connectionFromItem = (item: Item): Connection => Connections.fromItem(item);

export async function getConnection(tenantId: string): Promise<Connection | undefined> {
  return getRecord(Connections, Connections.key(tenantId), { consistent: true });
}

/** A new grant (the OAuth completion): a property chosen before stays chosen, and imports resume. */
export async function saveGrant(
  tenantId: string,
  grant: { sealedRefreshToken: string; connectedBy: string },
  now = new Date(),
): Promise<Connection> {
  const connection = await updateRecord(
    Connections,
    Connections.key(tenantId),
    {
      set: {
        tenantId,
        sealedRefreshToken: grant.sealedRefreshToken,
        connectedBy: grant.connectedBy,
        connectedAt: now.toISOString(),
        status: 'awaiting_property',
      },
      setIfAbsent: {
        propertyId: null,
        propertyName: null,
        hdyhauDimension: null,
        lastImportAt: null,
        importedThrough: null,
      },
    },
    // Created by the first grant.
    { condition: null },
  );
  return connection.propertyId ? setConnected(tenantId, connection.propertyId, connection.propertyName) : connection;
}

/**
 * The property to import; the connection enters the scheduled import's index (404 when it was
 * disconnected meanwhile). `backfill` (a property chosen by select-property) marks it not imported
 * yet, so that its next import reads the 90 days (`daysDue`) and it shows `importing` until then.
 */
export async function setConnected(
  tenantId: string,
  propertyId: string,
  propertyName: string | null,
  { backfill = false } = {},
): Promise<Connection> {
  const set = {
    propertyId,
    propertyName,
    status: 'connected' as const,
    ...analyticsKeys.connected(tenantId),
    ...(backfill ? { importedThrough: null } : {}),
  };
  return updateRecord(Connections, Connections.key(tenantId), { set }, { condition: has('sealedRefreshToken') });
}

/** The grant was refused (invalid_grant): no more imports until the owner connects again. Nothing when disconnected meanwhile. */
export async function markNeedsReconnect(tenantId: string): Promise<void> {
  await conditionHeld((failure) =>
    updateRecord(
      Connections,
      Connections.key(tenantId),
      { set: { status: 'needs_reconnect' }, remove: ['gsi1pk', 'gsi1sk'] },
      { failure },
    ),
  );
}

/** The import finished: through which date, and whether the property has the HDYHAU dimension. */
export async function recordImport(
  tenantId: string,
  result: { through: string; hdyhauAvailable: boolean },
  now = new Date(),
): Promise<void> {
  const set = {
    lastImportAt: now.toISOString(),
    importedThrough: result.through,
    hdyhauAvailable: result.hdyhauAvailable,
  };
  // Disconnected meanwhile: the days stay, the connection stays gone.
  await conditionHeld((failure) => updateRecord(Connections, Connections.key(tenantId), { set }, { failure }));
}

/** Disconnect: the connection (and its sealed token) goes; imported days, signals and mappings stay. */
export async function deleteConnection(tenantId: string): Promise<void> {
  await deleteRecord(Connections, Connections.key(tenantId), { condition: null });
}

/** The organizations whose property the scheduled import reads (a sparse index: connected ones only). */
export async function connectedTenants(): Promise<string[]> {
  return (await queryItems(Connections.query.connected(), { attributes: ['gsi1sk'] })).map(
    (item) => item.gsi1sk as string,
  );
}

// --- imported days -----------------------------------------------------------------------------

export interface ImportedRange {
  from: string;
  to: string;
  days: AnalyticsDay[];
  answers: HdyhauAnswerDay[];
  signals: Pick<StoredSignal, 'signalId' | 'kind' | 'dimension' | 'value'>[];
  signalDays: SignalDay[];
}

/** Signal upserts sent at once: many signals (campaign names) should not take one round trip each in turn. */
const SIGNAL_WRITES_AT_ONCE = 10;

/** Stores what an import read for `from`..`to`, replacing what was stored for those dates. */
export async function writeImport(tenantId: string, range: ImportedRange): Promise<void> {
  const [oldAnswers, oldSignalDays] = await Promise.all([
    queryDates(tenantId, 'ANALYTICS_HDYHAU', range.from, range.to),
    queryDates(tenantId, 'ANALYTICS_SIGNAL_DAY', range.from, range.to),
  ]);
  // The signal's mapping and triage state are the organization's: an import never resets them.
  const upsertSignal = ({ signalId, kind, dimension, value }: ImportedRange['signals'][number]) =>
    updateRecord(
      Signals,
      Signals.key(tenantId, signalId),
      { set: { signalId, kind, dimension, value }, setIfAbsent: { association: null, ignored: false } },
      { condition: null },
    );
  for (let i = 0; i < range.signals.length; i += SIGNAL_WRITES_AT_ONCE)
    await Promise.all(range.signals.slice(i, i + SIGNAL_WRITES_AT_ONCE).map(upsertSignal));
  const items: Item[] = [
    ...range.days.map((d) => ({ ...analyticsKeys.day(tenantId, d.date), ...d })),
    ...range.answers.map((a) => ({ ...analyticsKeys.answer(tenantId, a.date, digest(a.dimension, a.rawValue)), ...a })),
    ...range.signalDays.map((d) => ({ ...analyticsKeys.signalDay(tenantId, d.date, d.signalId), ...d })),
  ];
  await batchPut(items);
  const kept = new Set(items.map((item) => item.sk as string));
  await batchDelete(
    [...oldAnswers, ...oldSignalDays]
      .filter((item) => !kept.has(item.sk as string))
      .map((item) => ({ pk: item.pk as string, sk: item.sk as string })),
  );
}

export async function readAnalyticsDays(tenantId: string, from: string, to: string): Promise<AnalyticsDay[]> {
  return (await queryDates(tenantId, 'ANALYTICS_DAY', from, to)).map((item) => recordOf<AnalyticsDay>(item));
}

export async function readAnswers(tenantId: string, from: string, to: string): Promise<HdyhauAnswerDay[]> {
  return (await queryDates(tenantId, 'ANALYTICS_HDYHAU', from, to)).map((item) => recordOf<HdyhauAnswerDay>(item));
}

export async function readSignalDays(tenantId: string, from: string, to: string): Promise<SignalDay[]> {
  return (await queryDates(tenantId, 'ANALYTICS_SIGNAL_DAY', from, to)).map((item) => recordOf<SignalDay>(item));
}

// --- signals and mappings ----------------------------------------------------------------------

const Signals = defineEntity({
  name: 'The signal',
  schema: () =>
    z.object({
      signalId: z.string(),
      kind: z.custom<SignalKind>(),
      dimension: z.string(),
      value: z.string(),
      association: z.custom<SignalAssociation>(),
      ignored: z.boolean(),
    }),
  key: analyticsKeys.signal,
  queries: {
    ofTenant: (tenantId: string) => analyticsKeys.ofKind(tenantId, 'ANALYTICS_SIGNAL'),
  },
});

/** Where a signal is stored: what the direct-signal routes name as their record (functions/analytics/signal-record.ts). */
export const signalKey = (tenantId: string, signalId: string): Key => Signals.key(tenantId, signalId);

export const signalFromItem = (item: Item): StoredSignal => Signals.fromItem(item);

export async function readSignals(tenantId: string): Promise<StoredSignal[]> {
  return queryRecords(Signals.query.ofTenant(tenantId));
}

/** Changes a signal's mapping or triage state; the signal must exist (authorization read it). */
export async function updateSignal(
  tenantId: string,
  signalId: string,
  change: { association: SignalAssociation } | { ignored: boolean },
): Promise<StoredSignal> {
  return updateRecord(Signals, Signals.key(tenantId, signalId), { set: change });
}

const Mappings = defineEntity({
  name: 'The mapping',
  schema: () => HdyhauMappingSchema,
  key: (tenantId: string, dimension: string, rawValue: string) =>
    analyticsKeys.mapping(tenantId, digest(dimension, rawValue)),
  queries: {
    ofTenant: (tenantId: string) => analyticsKeys.ofKind(tenantId, 'ANALYTICS_MAP'),
  },
});

/** Creates or replaces the organization's mapping of one raw answer of one dimension. */
export async function putMapping(
  tenantId: string,
  mapping: HdyhauMapping,
  now = new Date(),
): Promise<HdyhauMapping & { updatedAt: string }> {
  const record = { ...mapping, updatedAt: now.toISOString() };
  await putRecord(Mappings, Mappings.key(tenantId, mapping.dimensionApiName, mapping.rawValue), record);
  return record;
}

export async function readMappings(tenantId: string): Promise<HdyhauMapping[]> {
  return (await queryRecords(Mappings.query.ofTenant(tenantId))).map(({ updatedAt: _u, ...mapping }) => mapping);
}
