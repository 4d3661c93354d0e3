/**
 * POST /v1/creators/own-brand — the workspace's own-brand record: 201 when this call created it,
 * 200 when it already existed (simultaneous first calls get the same record).
 */
import * as z from 'zod/mini';
import { ensureOwnBrand } from '../../shared/db/catalogue/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { created, ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { creatorView, withSocialAccounts } from './views.ts';
import { CreatorRecord } from '../../shared/schemas/records/creator.ts';
import { createdOrExistingReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/creators/own-brand'),
  output: createdOrExistingReply(CreatorRecord),
  input: z.strictObject({ workspaceId: Uuid }),
  run: async ({ input: { workspaceId }, tenant }) => {
    const { creator, created: isNew } = await ensureOwnBrand(workspaceId, tenant.details.name);
    return isNew ? created(creatorView(creator, [])) : ok(await withSocialAccounts(creator));
  },
});
