/**
 * User settings: the active organization and UI preferences. Preferences are shallow-merged;
 * the merge is a read and a write guarded by a version number, retried on a concurrent change,
 * so two simultaneous PATCHes both land.
 */
import * as z from 'zod/mini';
import { ConflictError, conflict } from '../../domain/errors.ts';
import { defineEntity, getRecord, putRecord } from '../table/entity.ts';
import { absent, equals } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { UserSettingsSchema } from '../../records/user-settings.ts';
import { rounds } from '../table/retry.ts';

export const Settings = defineEntity({
  name: 'The settings',
  schema: () =>
    z.object({
      ...UserSettingsSchema.shape,
      /** Counts the writes: each is conditioned on the one it read (optimistic concurrency). */
      version: z.number(),
    }),
  key: keys.settings,
});

type StoredSettings = z.infer<typeof Settings.schema>;
export type UserSettings = z.infer<typeof UserSettingsSchema>;

const read = (userId: string) => getRecord(Settings, Settings.key(userId), { consistent: true });

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

export async function updateSettings(
  userId: string,
  changes: { activeOrganizationId?: string | null; preferences?: Record<string, unknown> },
): Promise<UserSettings> {
  // Each lost round means another write landed meanwhile: merge into it (the request's retry budget, retry.ts).
  for await (const _round of rounds()) {
    const current = await read(userId);
    const now = new Date().toISOString();
    const next: StoredSettings = {
      id: userId,
      userId,
      activeOrganizationId:
        changes.activeOrganizationId === undefined
          ? (current?.activeOrganizationId ?? null)
          : changes.activeOrganizationId,
      preferences: { ...current?.preferences, ...changes.preferences },
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
      version: (current?.version ?? 0) + 1,
    };
    try {
      await putRecord(Settings, Settings.key(userId), next, {
        condition: current ? equals('version', current.version) : absent,
      });
      return publicView(next);
    } catch (error) {
      // Another write landed since the read: merge into it on the next round.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw conflict('The settings kept changing concurrently; retry.');
}
