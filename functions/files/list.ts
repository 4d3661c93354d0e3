/** GET /v1/files — every file of one owner (without content), newest first. */
import * as z from 'zod/mini';
import { entityMissing, entityStored, filesOf } from '../../shared/db/evidence/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/files.ts';
import { list } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { OwnerType, ownerTenant } from './inputs.ts';
import { FileRecord } from '../../shared/schemas/records/file.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/files'),
  output: listReply(FileRecord),
  input: z.strictObject({ organizationId: z.optional(Uuid), ownerType: OwnerType, ownerId: Uuid }),
  tenantOf: ownerTenant,
  run: async ({ input, tenant }) => {
    const { ownerType, ownerId } = input;
    // Found through its pointer the owner exists; named with an organization it may not be there.
    if (input.organizationId && !(await entityStored(tenant.tenantId, ownerType, ownerId)))
      throw entityMissing(ownerType);
    // No paging in the spec: an owner's files are returned whole.
    const files = await filesOf(tenant.tenantId, ownerType, ownerId);
    return list({ items: files, totalCount: files.length });
  },
});
