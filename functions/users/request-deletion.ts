/**
 * POST /v1/users/:id/request-deletion — emails a single-use, expiring account-deletion token
 * (outbox), once the ownership safeguards allow the deletion (else 409).
 */
import * as z from 'zod/mini';
import { requestDeletion } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { DeletionRequestRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/users/:id/request-deletion'),
  output: okReply(DeletionRequestRecord),
  input: z.strictObject({ userId: Uuid }),
  run: async ({ input }) => ok({ ...(await requestDeletion(input.userId)), status: 'confirmation_sent' as const }),
});
