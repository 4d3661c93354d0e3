/**
 * POST /v1/users/:id/confirm-deletion — deletes the account with the emailed token, consumed once
 * (a wrong, used or expired token is 403), re-checking the ownership safeguards (409).
 */
import * as z from 'zod/mini';
import { confirmDeletion } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { DeletionConfirmationRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/users/:id/confirm-deletion'),
  output: okReply(DeletionConfirmationRecord),
  input: z.strictObject({ userId: Uuid, token: Uuid }),
  run: async ({ input }) =>
    ok({ ...(await confirmDeletion(input.userId, input.token)), status: 'deletion_confirmed' as const }),
});
