/**
 * PUT /v1/reporting/analytics/hdyhau-mapping — creates or replaces the organization's
 * classification of one raw how-did-you-hear answer of one dimension (one mapping per
 * organization, dimension and raw value). Classification only: nothing is attributed by it.
 */
import * as z from 'zod/mini';
import { putMapping } from '../../shared/db/analytics/index.ts';
import { HDYHAU_CATEGORIES, RAW_VALUE_MAX } from '../../shared/domain/analytics.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { HdyhauMappingRecord } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/reporting.ts';

export const handler = defineHandler({
  route: routeByKey('PUT /v1/reporting/analytics/hdyhau-mapping'),
  output: okReply(HdyhauMappingRecord),
  input: z.strictObject({
    organizationId: Uuid,
    // GA4 API names: `customEvent:<parameter>` or a predefined dimension.
    dimensionApiName: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(100),
        z.regex(/^[A-Za-z][A-Za-z0-9_:]*$/, 'Expected a Google Analytics dimension API name.'),
      ),
    rawValue: text(1, RAW_VALUE_MAX),
    normalizedValue: text(1, 200),
    category: z.enum(HDYHAU_CATEGORIES),
  }),
  run: async ({ input: { organizationId, ...mapping }, tenant }) => ok(await putMapping(tenant.tenantId, mapping)),
});
