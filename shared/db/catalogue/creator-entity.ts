/**
 * The creator entity, declared apart from the repository (creators.ts) as the activity's is
 * (activity-entity.ts): the modules that read creators by a named query (spend-order.ts) need it
 * without importing creators.ts, which imports them.
 */
import { defineEntity } from '../table/entity.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { CreatorSchema } from '../../records/creator.ts';

/**
 * The creator item. It also keeps reporting's contribution counters (shared/domain/activity-metrics.ts
 * `contribution`), left out of the record by `creatorFromItem`. Its index entries: the list's
 * orders by creation (gsi1), by name (gsi2; a name change rewrites its sort key) and by
 * impressions, engagement and spend in the tenant's currency (gsi7, gsi8, gsi9: only the partition
 * key, `keys.creatorByFigures`; the sort keys are its counters, started at 0 here so that no
 * creator is missing from them; gsi9's is `spendInTenantCurrency`, spend-order.ts), which leave
 * the own-brand record out (it is listed only when asked for, `keys.creatorByCreation`), its
 * compact entry (gsi5) and its search entry (gsi6).
 */
export const Creators = defineEntity({
  name: 'The creator',
  schema: () => CreatorSchema,
  key: keys.creator,
  indexes: (creator) => ({
    ...(creator.isOwnBrand
      ? {}
      : {
          ...keys.creatorByCreation(creator.organizationId, creator.createdAt, creator.id),
          ...keys.creatorByName(creator.organizationId, creator.name, creator.id),
          ...keys.creatorByFigures(creator.organizationId),
        }),
    ...keys.creatorCompact(creator.organizationId, creator.id),
    ...keys.creatorSearch(creator.organizationId, creator.id),
  }),
  counters: ['activitiesCount', 'totalFollowersCount', 'impressions', 'engagement', 'costsCount'],
  queries: {
    /** Every creator of the tenant, own brand included, in id order. */
    ofTenant: collections.creatorsOfTenant,
    /** The list's orders kept in a key (own brand left out): by creation (gsi1), name (gsi2), impressions (gsi7), engagement (gsi8), spend (gsi9). */
    byCreation: collections.creatorsByCreation,
    byName: collections.creatorsByName,
    byImpressions: collections.creatorsByImpressions,
    byEngagement: collections.creatorsByEngagement,
    bySpend: collections.creatorsBySpend,
    /** Every creator's compact entry (gsi5: `COMPACT_ATTRIBUTES` only). */
    compact: collections.creatorsCompact,
    /** Every creator's search entry (gsi6: `CREATOR_SEARCH_ATTRIBUTES` only). */
    search: collections.creatorsSearch,
  },
});
