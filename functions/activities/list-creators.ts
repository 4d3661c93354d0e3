/** GET /v1/activities/creators — the creators linked to an activity (as the Creators routes return them: with their social accounts), last linked first. */
import * as z from 'zod/mini';
import { creatorsByIds } from '../../shared/db/catalogue/index.ts';
import { pageOf, sortRecords } from '../../shared/db/table/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/activities.ts';
import { list } from '../../shared/http/result.ts';
import { paging, Uuid } from '../../shared/schemas/common.ts';
import { withSocialAccounts } from '../creators/views.ts';
import { linksOfTenantActivity } from './linked-creators.ts';
import { CreatorRecord } from '../../shared/schemas/records/creator.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/activities/creators'),
  output: listReply(CreatorRecord),
  input: z.strictObject({ organizationId: Uuid, activityId: Uuid, ...paging }),
  run: async ({ input: { organizationId, activityId, pageIndex, pageSize } }) => {
    const links = await linksOfTenantActivity(organizationId, activityId);
    const ordered = sortRecords(
      links.map((l) => ({ ...l, id: l.creatorId })),
      (l) => l.createdAt,
      'desc',
    );
    const page = pageOf(ordered, { pageIndex, pageSize });
    const found = new Map(
      (
        await creatorsByIds(
          organizationId,
          page.items.map((l) => l.creatorId),
        )
      ).map((c) => [c.id, c]),
    );
    const items = await Promise.all(
      page.items.flatMap((l) => (found.has(l.creatorId) ? [withSocialAccounts(found.get(l.creatorId)!)] : [])),
    );
    return list({ items, totalCount: page.totalCount });
  },
});
