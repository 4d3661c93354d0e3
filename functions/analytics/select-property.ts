/**
 * POST /v1/analytics-oauth/select-property — chooses the GA4 property to import: it must be one
 * the stored grant can read (the Admin API's account summaries), else 400; then runs the first
 * import (90 days back), waiting for it up to a budget well inside the function's timeout, so the
 * reports usually have data at once. An import that fails or runs longer leaves the property
 * selected: the hourly import backfills a property never imported. 409 before the OAuth round trip.
 */
import * as z from 'zod/mini';
import { getConnection, setConnected } from '../../shared/db/analytics.ts';
import { BACKFILL_DAYS } from '../../shared/domain/analytics.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict, invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { accessTokenFor, GrantRevokedError, readableProperties } from '../../shared/integrations/google-analytics.ts';
import { tokenSealer } from '../../shared/integrations/token-sealer.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { AnalyticsConnection } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { logger } from '../../shared/support/logger.ts';
import { importAnalytics } from '../jobs/analytics-import/import.ts';
import { routeByKey } from '../routes.ts';
import { connectionView, PropertyId } from './inputs.ts';

/** How long the answer waits for the first import (the API function times out at 10 s). */
const FIRST_IMPORT_BUDGET_MS = 6_000;

export const handler = defineHandler({
  route: routeByKey('POST /v1/analytics-oauth/select-property'),
  output: okReply(AnalyticsConnection),
  input: z.strictObject({ organizationId: Uuid, propertyId: PropertyId }),
  run: async ({ input, requestId }) => {
    const { organizationId, propertyId } = input;
    const connection = await getConnection(organizationId);
    if (!connection) throw conflict('Connect Google Analytics first (auth-url, then consent).');
    let properties;
    try {
      const refreshToken = await tokenSealer().open(organizationId, connection.sealedRefreshToken);
      properties = await readableProperties(await accessTokenFor(refreshToken));
    } catch (error) {
      if (error instanceof GrantRevokedError) throw conflict('Google refused the stored grant: connect again.');
      throw error;
    }
    const property = properties.find((p) => p.propertyId === propertyId);
    if (!property) throw invalidInput('The grant cannot read this property.', [{ path: 'propertyId', message: 'Not a property the connected Google account can read.' }]);
    await setConnected(organizationId, propertyId, property.displayName || null);
    const firstImport = importAnalytics(organizationId, BACKFILL_DAYS).catch((error: unknown) => {
      logger.error('analytics first import failed', { tenantId: organizationId, requestId, error: String(error) });
      return 'failed';
    });
    const outcome = await Promise.race([firstImport, new Promise<'left_to_the_schedule'>((resolve) => setTimeout(resolve, FIRST_IMPORT_BUDGET_MS, 'left_to_the_schedule').unref())]);
    logger.info('analytics first import', { tenantId: organizationId, requestId, outcome });
    return ok(connectionView(organizationId, await getConnection(organizationId)));
  },
});
