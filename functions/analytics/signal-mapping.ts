/**
 * PUT /v1/reporting/analytics/direct-signals/:signalId/mapping — associates a signal with exactly
 * one creator, campaign or activity of the organization (another organization's record, or none,
 * is 404), or with one referral-channel bucket, or with nothing (`null`); any other shape is 400.
 * Replaces the previous association: they are mutually exclusive.
 */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { signalFromItem, updateSignal } from '../../shared/db/analytics/index.ts';
import { locate } from '../../shared/db/table/index.ts';
import { HDYHAU_CATEGORIES, signalView } from '../../shared/domain/analytics.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { DirectSignalRecord } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/reporting.ts';
import { signalOf } from './signal-record.ts';

/** docs/decisions.md "Web analytics": `{type, id}` of a record, `{type: 'referral_channel', channel}`, or null. */
const Association = /* @__PURE__ */ droppable(() =>
  z.nullable(
    z.union([
      z.strictObject({ type: z.enum(['creator', 'campaign', 'activity']), id: Uuid }),
      z.strictObject({ type: z.literal('referral_channel'), channel: z.enum(HDYHAU_CATEGORIES) }),
    ]),
  ),
);

export const handler = defineHandler({
  route: routeByKey('PUT /v1/reporting/analytics/direct-signals/:signalId/mapping'),
  output: okReply(DirectSignalRecord),
  input: z.strictObject({ organizationId: Uuid, signalId: Uuid, association: Association }),
  tenantOf: signalOf,
  record: signalFromItem,
  run: async ({ input: { association }, tenant, record }) => {
    if (association && association.type !== 'referral_channel') {
      const found = await locate(association.type, association.id);
      if (found?.tenantId !== tenant.tenantId) throw notFound(`The ${association.type}`);
    }
    return ok(signalView(await updateSignal(tenant.tenantId, record.signalId, { association })));
  },
});
