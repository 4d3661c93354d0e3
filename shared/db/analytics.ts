/**
 * Web analytics items (DECISIONS.md "Web analytics"), all in the organization's partition but the
 * OAuth state:
 *
 * | item             | pk                        | sk                                             |
 * |------------------|---------------------------|------------------------------------------------|
 * | OAuth state      | ANALYTICS_STATE#<state>   | STATE (single use; `ttl` removes it)           |
 * | connection       | TENANT#<id>               | ANALYTICS (sealed refresh token, property, status; gsi1 ANALYTICS_CONNECTED / <id> while connected) |
 * | day              | TENANT#<id>               | ANALYTICS_DAY#<date>                           |
 * | HDYHAU answer    | TENANT#<id>               | ANALYTICS_HDYHAU#<date>#<sha256 of dimension and raw value> |
 * | signal           | TENANT#<id>               | ANALYTICS_SIGNAL#<signalId> (mapping and triage kept across imports) |
 * | signal day       | TENANT#<id>               | ANALYTICS_SIGNAL_DAY#<date>#<signalId>         |
 * | HDYHAU mapping   | TENANT#<id>               | ANALYTICS_MAP#<sha256 of dimension and raw value> |
 *
 * An import replaces the days it read: each day's items are written whole and the answers and
 * signal days of those dates that the import no longer saw are deleted, so a revised day is never
 * added to what was stored before.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsDay, HdyhauAnswerDay, HdyhauMapping, SignalAssociation, SignalDay, SignalKind, StoredSignal } from '../domain/analytics.ts';
import { documentClient, tableName } from './client.ts';
import { keys, type Key } from './keys.ts';
import { batchDelete, batchPut, isConditionFailure, queryAll, recordOf } from './operations.ts';

type Item = Record<string, unknown>;

const tenantPk = (tenantId: string) => keys.tenant(tenantId).pk;
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const CONNECTED_INDEX = 'ANALYTICS_CONNECTED';

export const analyticsKeys = {
  state: (state: string): Key => ({ pk: `ANALYTICS_STATE#${state}`, sk: 'STATE' }),
  connection: (tenantId: string): Key => ({ pk: tenantPk(tenantId), sk: 'ANALYTICS' }),
  day: (tenantId: string, date: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_DAY#${date}` }),
  answer: (tenantId: string, a: HdyhauAnswerDay): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_HDYHAU#${a.date}#${digest(a.dimension, a.rawValue)}` }),
  signal: (tenantId: string, signalId: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_SIGNAL#${signalId}` }),
  signalDay: (tenantId: string, d: SignalDay): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_SIGNAL_DAY#${d.date}#${d.signalId}` }),
  mapping: (tenantId: string, dimension: string, rawValue: string): Key => ({ pk: tenantPk(tenantId), sk: `ANALYTICS_MAP#${digest(dimension, rawValue)}` }),
};

/** Items of one kind whose sort keys lie from `<prefix><from>` to `<prefix><to>` and anything after it (a day's items). */
function queryDates(tenantId: string, prefix: string, from: string, to: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':from': `${prefix}${from}`, ':to': `${prefix}${to}\uffff` },
  });
}

// --- OAuth state -------------------------------------------------------------------------------

export interface OAuthState {
  tenantId: string;
  userId: string;
  redirectPath: string;
  codeVerifier: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export async function putOAuthState(state: string, value: OAuthState): Promise<void> {
  // `ttl` lets DynamoDB remove it some time after expiry; `expiresAt` is what the callback checks.
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...analyticsKeys.state(state), ...value, ttl: value.expiresAt + 3600 }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/**
 * Takes the state out of the table (a conditional delete): of two callbacks with the same state
 * only one gets it, so a state is single use even under a race. Undefined when there is none.
 */
export async function takeOAuthState(state: string): Promise<OAuthState | undefined> {
  try {
    const out = await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: analyticsKeys.state(state), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
    );
    const { ttl: _ttl, ...rest } = recordOf<OAuthState & { ttl: number }>(out.Attributes ?? {});
    return rest;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

// --- connection --------------------------------------------------------------------------------

export type ConnectionStatus = 'awaiting_property' | 'connected' | 'needs_reconnect';

export interface Connection {
  tenantId: string;
  status: ConnectionStatus;
  /** The refresh token, sealed (token-sealer.ts); never returned by a route. */
  sealedRefreshToken: string;
  propertyId: string | null;
  propertyName: string | null;
  hdyhauDimension: string | null;
  connectedBy: string;
  connectedAt: string;
  /** When the last import finished, and the newest date it read. */
  lastImportAt: string | null;
  importedThrough: string | null;
  /** False when the last import found no such dimension in the property (absent before the first import). */
  hdyhauAvailable?: boolean;
}

const connectionOf = (item: Item | undefined): Connection | undefined => (item ? recordOf<Connection>(item) : undefined);

export async function getConnection(tenantId: string): Promise<Connection | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: analyticsKeys.connection(tenantId), ConsistentRead: true }));
  return connectionOf(out.Item);
}

/** A new grant (the OAuth callback): a property chosen before stays chosen, and imports resume. */
export async function saveGrant(tenantId: string, grant: { sealedRefreshToken: string; connectedBy: string }, now = new Date()): Promise<Connection> {
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: analyticsKeys.connection(tenantId),
      UpdateExpression:
        'SET tenantId = :tenant, sealedRefreshToken = :token, connectedBy = :by, connectedAt = :at, #status = :waiting, propertyId = if_not_exists(propertyId, :null), propertyName = if_not_exists(propertyName, :null), hdyhauDimension = if_not_exists(hdyhauDimension, :null), lastImportAt = if_not_exists(lastImportAt, :null), importedThrough = if_not_exists(importedThrough, :null)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':tenant': tenantId, ':token': grant.sealedRefreshToken, ':by': grant.connectedBy, ':at': now.toISOString(), ':waiting': 'awaiting_property', ':null': null },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const connection = connectionOf(out.Attributes)!;
  return connection.propertyId ? setConnected(tenantId, connection.propertyId, connection.propertyName) : connection;
}

/** The property to import; the connection enters the scheduled import's index. */
export async function setConnected(tenantId: string, propertyId: string, propertyName: string | null): Promise<Connection> {
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: analyticsKeys.connection(tenantId),
      UpdateExpression: 'SET propertyId = :property, propertyName = :name, #status = :connected, gsi1pk = :index, gsi1sk = :tenant',
      ConditionExpression: 'attribute_exists(sealedRefreshToken)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':property': propertyId, ':name': propertyName, ':connected': 'connected', ':index': CONNECTED_INDEX, ':tenant': tenantId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return connectionOf(out.Attributes)!;
}

/** The grant was refused (invalid_grant): no more imports until the owner connects again. */
export async function markNeedsReconnect(tenantId: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: analyticsKeys.connection(tenantId),
      UpdateExpression: 'SET #status = :status REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': 'needs_reconnect' },
    }),
  ).catch((error) => {
    if (!isConditionFailure(error)) throw error;
  });
}

/** The import finished: through which date, and whether the property has the HDYHAU dimension. */
export async function recordImport(tenantId: string, result: { through: string; hdyhauAvailable: boolean }, now = new Date()): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: analyticsKeys.connection(tenantId),
      UpdateExpression: 'SET lastImportAt = :at, importedThrough = :through, hdyhauAvailable = :hdyhau',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': now.toISOString(), ':through': result.through, ':hdyhau': result.hdyhauAvailable },
    }),
  ).catch((error) => {
    // Disconnected meanwhile: the days stay, the connection stays gone.
    if (!isConditionFailure(error)) throw error;
  });
}

/** Disconnect: the connection (and its sealed token) goes; imported days, signals and mappings stay. */
export async function deleteConnection(tenantId: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: analyticsKeys.connection(tenantId) }));
}

/** The organizations whose property the scheduled import reads (a sparse index: connected ones only). */
export async function connectedTenants(): Promise<string[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': CONNECTED_INDEX } });
  return items.map((item) => item.gsi1sk as string);
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
    queryDates(tenantId, 'ANALYTICS_HDYHAU#', range.from, range.to),
    queryDates(tenantId, 'ANALYTICS_SIGNAL_DAY#', range.from, range.to),
  ]);
  // The signal's mapping and triage state are the organization's: an import never resets them.
  const upsertSignal = (signal: ImportedRange['signals'][number]) =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: analyticsKeys.signal(tenantId, signal.signalId),
        UpdateExpression: 'SET signalId = :id, kind = :kind, dimension = :dimension, #value = :value, association = if_not_exists(association, :null), ignored = if_not_exists(ignored, :false)',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':id': signal.signalId, ':kind': signal.kind, ':dimension': signal.dimension, ':value': signal.value, ':null': null, ':false': false },
      }),
    );
  for (let i = 0; i < range.signals.length; i += SIGNAL_WRITES_AT_ONCE) await Promise.all(range.signals.slice(i, i + SIGNAL_WRITES_AT_ONCE).map(upsertSignal));
  const items: Item[] = [
    ...range.days.map((d) => ({ ...analyticsKeys.day(tenantId, d.date), ...d })),
    ...range.answers.map((a) => ({ ...analyticsKeys.answer(tenantId, a), ...a })),
    ...range.signalDays.map((d) => ({ ...analyticsKeys.signalDay(tenantId, d), ...d })),
  ];
  await batchPut(items);
  const kept = new Set(items.map((item) => item.sk as string));
  await batchDelete([...oldAnswers, ...oldSignalDays].filter((item) => !kept.has(item.sk as string)).map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
}

export async function readAnalyticsDays(tenantId: string, from: string, to: string): Promise<AnalyticsDay[]> {
  return (await queryDates(tenantId, 'ANALYTICS_DAY#', from, to)).map((item) => recordOf<AnalyticsDay>(item));
}

export async function readAnswers(tenantId: string, from: string, to: string): Promise<HdyhauAnswerDay[]> {
  return (await queryDates(tenantId, 'ANALYTICS_HDYHAU#', from, to)).map((item) => recordOf<HdyhauAnswerDay>(item));
}

export async function readSignalDays(tenantId: string, from: string, to: string): Promise<SignalDay[]> {
  return (await queryDates(tenantId, 'ANALYTICS_SIGNAL_DAY#', from, to)).map((item) => recordOf<SignalDay>(item));
}

// --- signals and mappings ----------------------------------------------------------------------

export const signalFromItem = (item: Item): StoredSignal => recordOf<StoredSignal>(item);

export async function readSignals(tenantId: string): Promise<StoredSignal[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': 'ANALYTICS_SIGNAL#' } });
  return items.map(signalFromItem);
}

/** Changes a signal's mapping or triage state; the signal must exist (authorization read it). */
export async function updateSignal(tenantId: string, signalId: string, change: { association: SignalAssociation } | { ignored: boolean }): Promise<StoredSignal> {
  const [[name, value]] = Object.entries(change) as [[string, unknown]];
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: analyticsKeys.signal(tenantId, signalId),
      UpdateExpression: 'SET #field = :value',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#field': name },
      ExpressionAttributeValues: { ':value': value },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return signalFromItem(out.Attributes!);
}

/** Creates or replaces the organization's mapping of one raw answer of one dimension. */
export async function putMapping(tenantId: string, mapping: HdyhauMapping, now = new Date()): Promise<HdyhauMapping & { updatedAt: string }> {
  const record = { ...mapping, updatedAt: now.toISOString() };
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...analyticsKeys.mapping(tenantId, mapping.dimensionApiName, mapping.rawValue), ...record } }));
  return record;
}

export async function readMappings(tenantId: string): Promise<HdyhauMapping[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':prefix': 'ANALYTICS_MAP#' } });
  return items.map((item) => {
    const { updatedAt: _u, ...mapping } = recordOf<HdyhauMapping & { updatedAt: string }>(item);
    return mapping;
  });
}
