/**
 * GET /r/:token — the report a link opens, as of the request, without a bearer token: an HTML page,
 * or with `?format=json` the same figures as `{data}`. An unknown, expired or revoked token gets one
 * and the same 404 page (with `?format=json`, one and the same 404 problem document). Each view is
 * counted on the link (`views`, `lastViewedAt`: the only write this function may make). The page
 * runs no script and loads nothing from elsewhere (docs/decisions.md "Report links").
 */
import { countReportView, openLinkByHash } from '../../shared/db/report-links/index.ts';
import { REPORT_TOKEN_PATTERN, reportTokenHash } from '../../shared/domain/report-link-token.ts';
import { definePageHandler } from '../../shared/http/page-handler.ts';
import { problemResponse } from '../../shared/http/middleware/problem-responses.ts';
import { notFound } from '../../shared/http/problem.ts';
import { pageReply } from '../../shared/schemas/records/reply.ts';
import { LinkReportRecord } from '../../shared/schemas/records/report-link.ts';
import { routeByKey } from '../routes/report-links.ts';
import { NOT_FOUND_PAGE } from './page/not-found.ts';
import { reportPage } from './page/render.ts';
import { linkReport } from './report.ts';

/** docs/decisions.md "Report links": on every answer of the page, a failure's too. */
export const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const HTML = 'text/html; charset=utf-8';

export const handler = definePageHandler({
  route: routeByKey('GET /r/:token'),
  output: pageReply(
    'The report as an HTML page (inline CSS and SVG charts, no script); with `format=json`, its figures.',
    LinkReportRecord,
    'The token is unknown, expired or revoked: the same page for each (with `format=json`, the same problem document).',
  ),
  headers: PAGE_HEADERS,
  run: async ({ pathParameters, query, requestId }) => {
    const json = query.get('format') === 'json';
    const token = pathParameters.token ?? '';
    const now = new Date();
    // One hash and one GetItem for any well-formed token, known or not: the lookup takes the same work for each.
    const hash = reportTokenHash(token);
    const link = REPORT_TOKEN_PATTERN.test(token) ? await openLinkByHash(hash, now) : undefined;
    const report = link && (await linkReport(link, now));
    if (!report) {
      return json
        ? problemResponse(notFound('The report'), requestId)
        : { statusCode: 404, headers: { 'content-type': HTML }, body: NOT_FOUND_PAGE };
    }
    await countReportView(hash, now);
    return json
      ? { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: report }) }
      : { statusCode: 200, headers: { 'content-type': HTML }, body: reportPage(report) };
  },
});
