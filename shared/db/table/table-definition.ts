/**
 * The shape of the single table, read by the CDK stack, the local runtime and the tests, so the
 * deployed table, DynamoDB Local and the key builders in `keys.ts` can never disagree.
 */

export const PARTITION_KEY = 'pk';
export const SORT_KEY = 'sk';

/**
 * What gsi5, the compact projection, carries besides the keys: the attributes the lists and stats
 * filter, search and sort by where no key holds the order (metric columns, role, date range, the
 * activities' name search and the costs' search, start date), so such a list reads these small
 * entries instead of the full items and then fetches its page's items only. Only the records that
 * set gsi5pk are in it (`keys.creatorCompact`, `keys.activityCompact`, `keys.costCompact`); an
 * attribute name serves every kind that has it. The creators' search (email and notes too) reads
 * gsi6 instead, so that long notes never weigh on the reads of this one.
 */
export const COMPACT_ATTRIBUTES = [
  'id',
  'name',
  'createdAt',
  'spend',
  'impressions',
  'engagement',
  // creators
  'role',
  'isOwnBrand',
  'activitiesCount',
  'totalFollowersCount',
  // activities
  'channel',
  'startAt',
  'campaignId',
  'contentHref',
  'viewsCount',
  'likeCount',
  'replyCount',
  'costsCount',
  // costs (searched: type, description and the names of its activity and category, joined by id)
  'activityId',
  'categoryId',
  'amount',
  'currency',
  'type',
  'description',
];

/**
 * What gsi6, the creators' search projection (`keys.creatorSearch`), carries besides the keys: the
 * fields a search term matches, and no counter, so the frequent counter updates of creators (spend,
 * impressions...) never write to it. The search joins these to the compact entries (gsi5) by id.
 * Activities are in it too, ordered by the instant each ran (`keys.activityByRun`): their keys are
 * what is read of them there.
 */
export const CREATOR_SEARCH_ATTRIBUTES = ['id', 'name', 'email', 'notes'];

/**
 * Generic secondary indexes; what each holds is declared per entity in `keys.ts`. gsi4 is the
 * metric refresh's due index: sparse (only activities with a connected content link carry its keys) and
 * keys-only, so the frequent counter updates of those items (rollups, spend) never write to it;
 * the dispatcher needs only the keys and the worker reads the records themselves. A stack update
 * can add only one index (CloudFormation), so a new one is deployed on its own; only the items
 * written since carry its keys, older ones need them set to appear in it: `npm run reindex`
 * (shared/db/maintenance/reindex.ts) writes the entries the entities declare.
 *
 * gsi7 and gsi8 keep the creators list's orders by impressions and by engagement: their sort key
 * is the creator item's own counter (a Number), which every metric write ADDs to without reading
 * it, so DynamoDB moves the creator in the index with that same write and no code builds a key.
 * Only creator items carry their partition key (`creatorFiguresPk`, `keys.creatorByFigures`), so
 * the other items that count impressions (activities, campaigns, days) stay out. Keys-only: each
 * ADD already rewrites the entry; the page's items are read in one batch. A Number key attribute
 * binds every item of the table: DynamoDB refuses a write holding `impressions` or `engagement`
 * as anything else, null included, on any item (`NUMBER_KEY_ATTRIBUTES`, entity.ts).
 *
 * gsi9 keeps the order by spend in the tenant's currency, on the same partition key: its sort key
 * `spendInTenantCurrency` is the creator item's spend in the currency the tenant had at its
 * `currencyRevision`, ADDed by the cost writes beside `spend.<currency>` (spend-order.ts says when
 * the list may trust it).
 */
export const GLOBAL_INDEXES = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
  { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: 'KEYS_ONLY' },
  {
    indexName: 'gsi5',
    partitionKey: 'gsi5pk',
    sortKey: 'gsi5sk',
    projection: 'INCLUDE',
    nonKeyAttributes: COMPACT_ATTRIBUTES,
  },
  {
    indexName: 'gsi6',
    partitionKey: 'gsi6pk',
    sortKey: 'gsi6sk',
    projection: 'INCLUDE',
    nonKeyAttributes: CREATOR_SEARCH_ATTRIBUTES,
  },
  {
    indexName: 'gsi7',
    partitionKey: 'creatorFiguresPk',
    sortKey: 'impressions',
    sortKeyType: 'N',
    projection: 'KEYS_ONLY',
  },
  {
    indexName: 'gsi8',
    partitionKey: 'creatorFiguresPk',
    sortKey: 'engagement',
    sortKeyType: 'N',
    projection: 'KEYS_ONLY',
  },
  {
    indexName: 'gsi9',
    partitionKey: 'creatorFiguresPk',
    sortKey: 'spendInTenantCurrency',
    sortKeyType: 'N',
    projection: 'KEYS_ONLY',
  },
] as const;

/** The Number-typed index key attributes: no item may hold one as another type (or null). */
export const NUMBER_KEY_ATTRIBUTES: readonly string[] = GLOBAL_INDEXES.flatMap((i) =>
  'sortKeyType' in i ? [i.sortKey] : [],
);

/** An index's key attribute types (String unless declared Number). */
export function keyTypes(index: (typeof GLOBAL_INDEXES)[number]): { partitionKey: 'S'; sortKey: 'S' | 'N' } {
  return { partitionKey: 'S', sortKey: 'sortKeyType' in index ? index.sortKeyType : 'S' };
}

export type IndexName = (typeof GLOBAL_INDEXES)[number]['indexName'];

/** Input for CreateTable (DynamoDB Local and tests); the stack builds the same from these constants. */
export function createTableInput(tableName: string) {
  // An attribute keys several indexes at most once (creatorFiguresPk keys gsi7 and gsi8).
  const attributes = new Map<string, 'S' | 'N'>([
    [PARTITION_KEY, 'S'],
    [SORT_KEY, 'S'],
  ]);
  for (const index of GLOBAL_INDEXES) {
    attributes.set(index.partitionKey, keyTypes(index).partitionKey);
    attributes.set(index.sortKey, keyTypes(index).sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attributes].map(([name, type]) => ({ AttributeName: name, AttributeType: type })),
    KeySchema: [
      { AttributeName: PARTITION_KEY, KeyType: 'HASH' as const },
      { AttributeName: SORT_KEY, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: GLOBAL_INDEXES.map((i) => ({
      IndexName: i.indexName,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: {
        ProjectionType: i.projection,
        ...('nonKeyAttributes' in i ? { NonKeyAttributes: [...i.nonKeyAttributes] } : {}),
      },
    })),
  };
}
