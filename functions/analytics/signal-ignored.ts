/**
 * PUT /v1/reporting/analytics/direct-signals/:signalId/ignored — the signal's triage state: an
 * ignored signal is kept (and still imported) but left out of the default report and its headline.
 */
import * as z from 'zod/mini';
import { signalFromItem, updateSignal } from '../../shared/db/analytics/index.ts';
import { signalView } from '../../shared/domain/analytics.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { BooleanInput, Uuid } from '../../shared/schemas/common.ts';
import { DirectSignalRecord } from '../../shared/schemas/records/analytics.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { routeByKey } from '../routes/reporting.ts';
import { signalOf } from './signal-record.ts';

export const handler = defineHandler({
  route: routeByKey('PUT /v1/reporting/analytics/direct-signals/:signalId/ignored'),
  output: okReply(DirectSignalRecord),
  input: z.strictObject({ organizationId: Uuid, signalId: Uuid, ignored: BooleanInput }),
  tenantOf: signalOf,
  record: signalFromItem,
  run: async ({ input: { ignored }, tenant, record }) =>
    ok(signalView(await updateSignal(tenant.tenantId, record.signalId, { ignored }))),
});
