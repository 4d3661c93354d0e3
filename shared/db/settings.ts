/**
 * User settings: the active organization and UI preferences. Preferences are shallow-merged;
 * the merge is a read and a write guarded by a version number, retried on a concurrent change,
 * so two simultaneous PATCHes both land.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { keys } from './keys.ts';
import { isConditionFailure, recordOf } from './operations.ts';

export interface UserSettings {
  id: string;
  userId: string;
  activeOrganizationId: string | null;
  preferences: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

interface StoredSettings extends UserSettings {
  version: number;
}

async function read(userId: string): Promise<StoredSettings | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings(userId), ConsistentRead: true }),
  );
  return out.Item ? recordOf<StoredSettings>(out.Item) : undefined;
}

function publicView({ version: _version, ...settings }: StoredSettings): UserSettings {
  return settings;
}

/** The stored settings, or the defaults (not stored) when the user has none yet. */
export async function getSettings(userId: string): Promise<UserSettings> {
  const stored = await read(userId);
  if (stored) return publicView(stored);
  const now = new Date().toISOString();
  return { id: userId, userId, activeOrganizationId: null, preferences: {}, createdAt: now, updatedAt: now };
}

const MAX_ATTEMPTS = 5;

export async function updateSettings(
  userId: string,
  changes: { activeOrganizationId?: string | null; preferences?: Record<string, unknown> },
): Promise<UserSettings> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await read(userId);
    const now = new Date().toISOString();
    const next: StoredSettings = {
      id: userId,
      userId,
      activeOrganizationId:
        changes.activeOrganizationId === undefined ? (current?.activeOrganizationId ?? null) : changes.activeOrganizationId,
      preferences: { ...current?.preferences, ...changes.preferences },
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
      version: (current?.version ?? 0) + 1,
    };
    try {
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.settings(userId), ...next },
          ConditionExpression: current ? 'version = :version' : 'attribute_not_exists(pk)',
          ...(current ? { ExpressionAttributeValues: { ':version': current.version } } : {}),
        }),
      );
      return publicView(next);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw conflict('The settings kept changing concurrently; retry.');
}
