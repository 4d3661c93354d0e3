/**
 * POST /v1/analytics-oauth/disconnect — revokes the grant at Google, deletes the stored token and
 * so stops the imports. Imported days, signals and mappings stay as recorded evidence (the reports
 * answer 409 until a property is connected again). Disconnecting twice answers the same.
 */
import * as z from 'zod/mini';
import { deleteConnection, getConnection } from '../../shared/db/analytics/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import * as analytics from '../../shared/integrations/analytics/index.ts';
import * as tokenSealer from '../../shared/integrations/token-sealer/index.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { AnalyticsConnection } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { logger } from '../../shared/support/logger.ts';
import { routeByKey } from '../routes/analytics-connection.ts';
import { connectionView } from './inputs.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/analytics-oauth/disconnect'),
  output: okReply(AnalyticsConnection),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ input: { organizationId }, requestId }) => {
    const connection = await getConnection(organizationId);
    if (connection) {
      try {
        await analytics.revoke(
          await tokenSealer.open('google-refresh-token', organizationId, connection.sealedRefreshToken),
        );
      } catch (error) {
        // The owner asked to stop: the token is deleted even when Google cannot be told (they can revoke it in their Google account).
        logger.warn('analytics revocation failed; token deleted anyway', {
          tenantId: organizationId,
          requestId,
          error: (error as Error).name,
        });
      }
      await deleteConnection(organizationId);
    }
    return ok(connectionView(organizationId, undefined));
  },
});
