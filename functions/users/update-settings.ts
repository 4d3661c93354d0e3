/**
 * PATCH /v1/users/:id/settings — creates or updates settings; `preferences` is shallow-merged into
 * the stored ones; `activeOrganizationId` must be a tenant the caller is an active member of.
 */
import * as z from 'zod/mini';
import { getMembership } from '../../shared/db/memberships.ts';
import { updateSettings } from '../../shared/db/settings.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';

/** Preferences are UI state, not documents: a cap well inside DynamoDB's 400 KB item limit. */
const MAX_PREFERENCES_BYTES = 32 * 1024;

const Preferences = z
  .record(z.string().check(z.maxLength(100)), z.unknown())
  .check(
    z.refine((p) => Buffer.byteLength(JSON.stringify(p)) <= MAX_PREFERENCES_BYTES, {
      error: `Preferences may hold at most ${MAX_PREFERENCES_BYTES} bytes of JSON.`,
    }),
  );

export const handler = defineHandler({
  route: 'PATCH /v1/users/:id/settings',
  input: z.strictObject({
    userId: Uuid,
    activeOrganizationId: z.optional(z.nullable(Uuid)),
    preferences: z.optional(Preferences),
  }),
  run: async ({ input: { userId, ...changes } }) => {
    if (changes.activeOrganizationId) {
      const membership = await getMembership(changes.activeOrganizationId, userId);
      if (membership?.status !== 'active') throw forbidden('You are not a member of that organization.');
    }
    return ok(await updateSettings(userId, changes));
  },
});
