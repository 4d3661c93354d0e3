/** PATCH /v1/creators/:id — updates the creator, only the fields sent; the workspace and ids are not fields one can set. */
import * as z from 'zod/mini';
import { updateCreator } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { creatorFields } from './inputs.ts';
import { withSocialAccounts } from './views.ts';
import { CreatorRecord } from '../../shared/schemas/records/creator.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/creators/:id'),
  output: okReply(CreatorRecord),
  input: z.strictObject({
    creatorId: Uuid,
    name: z.optional(creatorFields.name),
    email: z.optional(creatorFields.email),
    role: z.optional(creatorFields.role),
    country: z.optional(creatorFields.country),
    notes: z.optional(creatorFields.notes),
  }),
  tenantOf: recordTenant('creator', 'creatorId'),
  run: async ({ input: { creatorId, ...changes }, tenant }) =>
    ok(await withSocialAccounts(await updateCreator(tenant.tenantId, creatorId, changes))),
});
