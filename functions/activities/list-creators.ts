/** GET /v1/activities/creators — the creators linked to an activity (as the Creators routes return them), last linked first. */
import * as z from 'zod/mini';
import { batchGet } from '../../shared/db/operations.ts';
import { creatorFromItem } from '../../shared/db/creators.ts';
import { keys } from '../../shared/db/keys.ts';
import { pageOf, sortRecords } from '../../shared/db/paging.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { withSocialAccounts } from '../creators/views.ts';
import { linksOfTenantActivity } from './linked-creators.ts';

export const handler = defineHandler({
  route: 'GET /v1/activities/creators',
  input: z.strictObject({ organizationId: Uuid, activityId: Uuid, ...paging }),
  run: async ({ input: { organizationId, activityId, pageIndex, pageSize } }) => {
    const links = await linksOfTenantActivity(organizationId, activityId);
    const ordered = sortRecords(links.map((l) => ({ ...l, id: l.creatorId })), (l) => l.createdAt, 'desc');
    const page = pageOf(ordered, { pageIndex, pageSize });
    const found = new Map(
      (await batchGet(page.items.map((l) => keys.creator(organizationId, l.creatorId)))).map((item) => [item.id as string, creatorFromItem(item)]),
    );
    const items = await Promise.all(page.items.flatMap((l) => (found.has(l.creatorId) ? [withSocialAccounts(found.get(l.creatorId)!)] : [])));
    return list({ items, totalCount: page.totalCount });
  },
});
