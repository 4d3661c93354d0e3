/** Inputs, views and checks shared by the analytics routes (not a handler). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { getConnection, type Connection } from '../../shared/db/analytics/index.ts';
import { DEFAULT_HDYHAU_DIMENSION, isWebClientPath, REDIRECT_PATH_MAX } from '../../shared/domain/analytics.ts';
import { Problem } from '../../shared/http/problem.ts';
import { DateOnly, Uuid } from '../../shared/schemas/common.ts';

/** docs/decisions.md "Web analytics": a path of the web client only (no scheme, host, backslash or `//`). */
export const RedirectPath = /* @__PURE__ */ droppable(() =>
  z
    .string()
    .check(
      z.maxLength(REDIRECT_PATH_MAX),
      z.refine(
        isWebClientPath,
        'Must be a path of the web client: one leading "/", no scheme, host, backslash or "//".',
      ),
    ),
);

/** What comes back through the browser (auth-url's state, Google's code): visible ASCII, bounded. */
const passedOn = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  z
    .string()
    .check(z.minLength(1), z.maxLength(max), z.regex(/^[\x21-\x7e]+$/, 'Expected the value the callback passed on.'));

/** The `state` of an authorization URL (auth-url makes them). */
export const OAuthStateValue = /* @__PURE__ */ passedOn(200);

/** Google's authorization code, as the callback passed it on. */
export const OAuthCode = /* @__PURE__ */ passedOn(2048);

/** A GA4 property id as the Admin API names it (`properties/<id>` is accepted too). */
export const PropertyId = /* @__PURE__ */ droppable(() =>
  z.pipe(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(64),
        z.regex(/^(properties\/)?[0-9A-Za-z_-]+$/, 'Expected a Google Analytics property id.'),
      ),
    z.transform((id: string) => id.replace(/^properties\//, '')),
  ),
);

/** The input of the three analytics reports that read a date range. */
export const ReportRange = /* @__PURE__ */ droppable(() => ({
  organizationId: Uuid,
  startDate: DateOnly,
  endDate: DateOnly,
}));

/** Every date of an inclusive range; 400 when it is reversed or too long (shared by every date-range report). */
export { rangeDates } from '../../shared/schemas/date-order.ts';

/**
 * The connection a report reads, with its `_meta` warnings: 409 `analytics_not_connected` unless a
 * property is connected and was imported at least once; a refused grant is named in the warnings.
 */
export async function reportConnection(tenantId: string): Promise<{
  connection: Connection;
  meta: { warnings: string[]; analytics: { status: string; propertyId: string | null; lastImportAt: string | null } };
}> {
  const connection = await getConnection(tenantId);
  if (!connection?.propertyId || !connection.lastImportAt) {
    throw new Problem(
      'analytics_not_connected',
      'The organization has no connected Google Analytics property with an import yet: connect one (POST /v1/analytics-oauth/auth-url).',
    );
  }
  const warnings: string[] = [];
  if (connection.status === 'needs_reconnect')
    warnings.push(
      'needs_reconnect: Google refused the stored grant; figures stop at the last import until an owner connects again.',
    );
  if (connection.hdyhauAvailable === false) {
    const dimension = connection.hdyhauDimension ?? DEFAULT_HDYHAU_DIMENSION;
    warnings.push(
      `hdyhau_dimension_missing: the property has no dimension ${dimension}; register the event parameter as a custom dimension in Google Analytics to import answers.`,
    );
  }
  return {
    connection,
    meta: {
      warnings,
      analytics: {
        status: connection.status,
        propertyId: connection.propertyId,
        lastImportAt: connection.lastImportAt,
      },
    },
  };
}

/** The connection as routes show it (shared/db/analytics/connection-view.ts, which the outbound events share). */
export { connectionView } from '../../shared/db/analytics/index.ts';
