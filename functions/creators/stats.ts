/** GET /v1/creators/stats — totals over the creators the list filters select, from stored aggregates. */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { ok } from '../../shared/http/result.ts';
import { roundSpend } from '../../shared/domain/currencies.ts';
import { filterCreators, filterFields, roleOf } from './filters.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { CreatorStatsRecord } from '../../shared/schemas/records/stats.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/creators/stats'),
  output: okReply(CreatorStatsRecord),
  input: z.strictObject(filterFields),
  run: async ({ input, tenant: scope }) => {
    const tenant = scope.details;
    const { matching } = await filterCreators(tenant, input);
    const byRole: Record<string, number> = {};
    const spend: Record<string, number> = {};
    let totalFollowersCount = 0;
    let impressions = 0;
    let engagement = 0;
    let activitiesCount = 0;
    for (const c of matching) {
      const role = roleOf(c);
      if (role) byRole[role] = (byRole[role] ?? 0) + 1;
      for (const [currency, amount] of Object.entries(c.spend ?? {})) spend[currency] = (spend[currency] ?? 0) + amount;
      totalFollowersCount += c.totalFollowersCount;
      impressions += c.impressions;
      engagement += c.engagement;
      activitiesCount += c.activitiesCount;
    }
    return ok({
      creatorsCount: matching.length,
      byRole,
      totalFollowersCount,
      impressions,
      engagement,
      spend: roundSpend(spend),
      activitiesCount,
    });
  },
});
