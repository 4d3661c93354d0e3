/**
 * POST /v1/analytics-oauth/select-property — chooses the GA4 property to import: it must be one
 * the stored grant can read (the Admin API's account summaries), else 400. It answers at once,
 * with the connection `importing`: the first import (90 days back) runs in the background (in
 * the cloud, the scheduled import's next run, within 15 minutes; locally, at once) and the
 * connection is `connected` once it has landed. 409 before the OAuth round trip.
 */
import * as z from 'zod/mini';
import { getConnection, setConnected } from '../../shared/db/analytics/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict, invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import * as analytics from '../../shared/integrations/analytics/index.ts';
import { GrantRevokedError, type ReadableProperty } from '../../shared/integrations/analytics/port.ts';
import * as tokenSealer from '../../shared/integrations/token-sealer/index.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { AnalyticsConnection } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { getFirstImportStarter } from '../../shared/integrations/first-import/index.ts';
import { routeByKey } from '../routes/analytics-connection.ts';
import { connectionView, PropertyId } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/analytics-oauth/select-property'),
  output: okReply(AnalyticsConnection),
  input: z.strictObject({ organizationId: Uuid, propertyId: PropertyId }),
  run: async ({ input }) => {
    const { organizationId, propertyId } = input;
    const connection = await getConnection(organizationId);
    if (!connection) throw conflict('Connect Google Analytics first (auth-url, then consent).');
    let properties: ReadableProperty[];
    try {
      const refreshToken = await tokenSealer.open(
        'google-refresh-token',
        organizationId,
        connection.sealedRefreshToken,
      );
      properties = await analytics.readableProperties(await analytics.accessTokenFor(refreshToken));
    } catch (error) {
      if (error instanceof GrantRevokedError) throw conflict('Google refused the stored grant: connect again.');
      throw error;
    }
    const property = properties.find((p) => p.propertyId === propertyId);
    if (!property)
      throw invalidInput('The grant cannot read this property.', [
        { path: 'propertyId', message: 'Not a property the connected Google account can read.' },
      ]);
    const selected = await setConnected(organizationId, propertyId, property.displayName || null, { backfill: true });
    getFirstImportStarter().start(organizationId);
    return ok(connectionView(organizationId, selected));
  },
});
