/**
 * What the report links' functions need besides their route (docs/decisions.md "Report links"):
 * - the page (`GET /r/{token}`, no authorizer, throttled as every route without a token) reads what
 *   reports read and may write exactly `views` and `lastViewedAt` of a link: its one UpdateItem is
 *   granted only on keys `REPORT_LINK#*` (shared/db/table/item-keys.ts `reportLink`), only for those
 *   attributes (and the key it names), returning nothing;
 * - the create route writes the link's url, which starts with the API's own URL (`API_URL`).
 */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { GLOBAL_INDEXES } from '../shared/db/table/table-definition.ts';
import { PROJECT_ROOT, type RouteFunction } from './route-function.ts';
import { tableActions, WRITE_ACTIONS } from './table-access.ts';

export const REPORT_PAGE = 'report-links/page';
export const REPORT_LINK_MAKERS = ['report-links/create'];

/** The attributes the page's UpdateItem may name: the two it writes and the key (its condition names `pk`). */
export const VIEW_COUNT_ATTRIBUTES = ['pk', 'sk', 'views', 'lastViewedAt'];

/** The page's table access: the reads its code sends, and the view count's UpdateItem as above. */
export function bindReportPage(fn: RouteFunction, table: ITable): void {
  const actions = tableActions(PROJECT_ROOT, fn.handlerModule);
  const writes = actions.filter((a) => WRITE_ACTIONS.includes(a));
  const unexpected = writes.filter((a) => a !== 'dynamodb:UpdateItem');
  if (unexpected.length)
    throw new Error(
      `functions/${fn.handlerModule} may only count views, but its code reaches ${unexpected.join(', ')}`,
    );
  const reads = actions.filter((a) => !WRITE_ACTIONS.includes(a));
  fn.addEnvironment('TABLE_NAME', table.tableName);
  const indexes = reads.includes('dynamodb:Query')
    ? GLOBAL_INDEXES.map((i) => `${table.tableArn}/index/${i.indexName}`)
    : [];
  fn.addToRolePolicy(new PolicyStatement({ actions: reads, resources: [table.tableArn, ...indexes] }));
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['REPORT_LINK#*'] },
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': VIEW_COUNT_ATTRIBUTES },
        StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
      },
    }),
  );
}

/** The API's URL for the functions that make link urls. */
export function bindApiUrl(fns: readonly RouteFunction[], apiUrl: string): void {
  for (const fn of fns) if (REPORT_LINK_MAKERS.includes(fn.handlerModule)) fn.addEnvironment('API_URL', apiUrl);
}
