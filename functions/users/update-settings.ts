/**
 * PATCH /v1/users/:id/settings — creates or updates settings; `preferences` is shallow-merged into
 * the stored ones; `activeOrganizationId` must be a tenant the caller is an active member of.
 */
import * as z from 'zod/mini';
import { getMembership, updateSettings } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { jsonObject } from '../../shared/schemas/json.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { UserSettingsRecord } from '../../shared/schemas/records/user.ts';

/** Preferences are UI state, not documents: small and shallow (docs/decisions.md "Inputs"), well inside what DynamoDB stores. */
const Preferences = jsonObject({ maxDepth: 8, maxBytes: 16 * 1024, maxKeyLength: 100 });

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/users/:id/settings'),
  output: okReply(UserSettingsRecord),
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
