/**
 * PATCH /v1/workspaces/:id — updates the workspace's name, avatar, timezone or currency. Members may
 * rename it and change its avatar; its currency and timezone change how every report reads, so
 * sending either is owner-only (docs/decisions.md), and a member's request with one is refused whole.
 * `avatarKey` is null (removes the avatar) or a key under the workspace's own avatar prefix. There is
 * no workspace avatar upload route yet; the pattern is the one such a route would issue, so no
 * caller can point a workspace at another tenant's or user's object.
 */
import * as z from 'zod/mini';
import { getTenantAggregate, updateTenant, tenantView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/workspaces.ts';
import { forbidden, invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { Currency, Timezone } from '../../shared/schemas/enums.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';
import { announceStatusesOf } from '../../shared/db/campaigns/index.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

export function workspaceAvatarKeyPattern(workspaceId: string): RegExp {
  return new RegExp(`^tenants/${workspaceId}/avatar/[0-9a-f-]{36}\\.(jpg|png|webp|gif)$`);
}

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/workspaces/:id'),
  output: okReply(TenantRecord),
  input: z.strictObject({
    workspaceId: Uuid,
    name: z.optional(text(1, 255)),
    avatarKey: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
    ianaTimezone: z.optional(Timezone),
    currency: z.optional(Currency),
  }),
  run: async ({ input: { workspaceId, ...changes }, tenant }) => {
    // Sent at all, even unchanged: the rule stays one check of the request, with no read to race.
    if ((changes.currency !== undefined || changes.ianaTimezone !== undefined) && tenant.role !== 'owner') {
      throw forbidden(
        "Changing the workspace's currency or timezone needs the owner role; members may change its name and avatar.",
      );
    }
    if (typeof changes.avatarKey === 'string' && !workspaceAvatarKeyPattern(workspaceId).test(changes.avatarKey)) {
      throw invalidInput('avatarKey must be an avatar key of this workspace.', [
        { path: 'avatarKey', message: 'Not an avatar key of this workspace.' },
      ]);
    }
    const [updated, metrics] = await Promise.all([updateTenant(workspaceId, changes), getTenantAggregate(workspaceId)]);
    // Another timezone moves the calendar days campaign statuses are counted in (campaign.status_changed).
    if (updated.ianaTimezone !== tenant.details.ianaTimezone)
      await announceStatusesOf(workspaceId, timeZoneOf(updated));
    return ok(tenantView(updated, tenant.role, 'active', metrics));
  },
});
