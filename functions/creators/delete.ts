/** DELETE /v1/creators/:id — deletes the creator, permanently: the creator, its social accounts and its activity links. */
import * as z from 'zod/mini';
import { creatorFromItem, deleteCreator } from '../../shared/db/catalogue/index.ts';
import { recordTenant } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/creators/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ creatorId: Uuid }),
  tenantOf: recordTenant('creator', 'creatorId'),
  record: creatorFromItem,
  run: async ({ input, tenant, record }) => {
    await deleteCreator(tenant.tenantId, record);
    return deleted(input.creatorId);
  },
});
