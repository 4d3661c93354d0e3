/**
 * PATCH /v1/organizations/:id (owner) — updates the organization, only the fields sent; null clears a nullable one.
 * `avatarKey`: there is no organization avatar upload route, so the only keys accepted are those
 * of this tenant's avatar key space, `tenants/<organizationId>/avatar/<uuid>.<jpg|png|webp|gif>`
 * (the shape an upload route would issue); anything else is 400. Null removes the avatar.
 */
import * as z from 'zod/mini';
import { getTenantAggregate, updateTenant, tenantView } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/organizations.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { intInput, text, Uuid } from '../../shared/schemas/common.ts';
import { checkMinorUnit, moneyInput } from '../../shared/schemas/money.ts';
import { Currency, Timezone } from '../../shared/schemas/enums.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { TenantRecord } from '../../shared/schemas/records/tenant.ts';
import { announceStatusesOf } from '../../shared/db/campaigns/index.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

/**
 * Money in major units. The cap keeps values inside what DynamoDB stores exactly (and far above
 * any real customer value), so an absurd number is a 400 rather than a storage error.
 */
const MAX_CONVERSION_VALUE = 1e12;

const avatarKeyPattern = (organizationId: string) =>
  new RegExp(`^tenants/${organizationId}/avatar/[0-9a-f-]{36}\\.(jpg|png|webp|gif)$`);

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/organizations/:id'),
  output: okReply(TenantRecord),
  input: z.strictObject({
    organizationId: Uuid,
    name: z.optional(text(1, 255)),
    ianaTimezone: z.optional(Timezone),
    currency: z.optional(Currency),
    avatarKey: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
    conversionValue: z.optional(z.nullable(moneyInput(0, MAX_CONVERSION_VALUE))),
    defaultAttributionWindowDays: z.optional(z.nullable(intInput(1, Number.MAX_SAFE_INTEGER))),
  }),
  run: async ({ input: { organizationId, ...changes }, tenant: scope }) => {
    checkMinorUnit(changes.conversionValue, changes.currency ?? scope.details.currency, 'conversionValue');
    if (typeof changes.avatarKey === 'string' && !avatarKeyPattern(organizationId).test(changes.avatarKey)) {
      throw invalidInput('avatarKey must be an avatar key of this organization.', [
        { path: 'avatarKey', message: 'Not an avatar key of this organization.' },
      ]);
    }
    const [tenant, metrics] = await Promise.all([
      updateTenant(organizationId, changes),
      getTenantAggregate(organizationId),
    ]);
    // Another timezone moves the calendar days campaign statuses are counted in (campaign.status_changed).
    if (tenant.ianaTimezone !== scope.details.ianaTimezone)
      await announceStatusesOf(organizationId, timeZoneOf(tenant));
    return ok(tenantView(tenant, scope.role, 'active', metrics));
  },
});
