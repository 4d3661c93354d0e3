/** GET /v1/creators/:id — the creator with its social accounts. */
import * as z from 'zod/mini';
import { creatorFromItem } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { withSocialAccounts } from './views.ts';
import { CreatorRecord } from '../../shared/schemas/records/creator.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators/:id'),
  output: okReply(CreatorRecord),
  input: z.strictObject({ creatorId: Uuid }),
  tenantOf: recordTenant('creator', 'creatorId'),
  record: creatorFromItem,
  run: async ({ record }) => ok(await withSocialAccounts(record)),
});
