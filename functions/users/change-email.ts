/**
 * POST /v1/users/:id/change-email — sends a confirmation code to the new address (outbox); nothing
 * changes until `confirm-email-change`. An address another account uses gets the same answer as a
 * free one (no account enumeration): the confirmation fails then (409). At most 5 requests per user
 * and 3 codes per address an hour, with PATCH /v1/users/:id's, then 429 with Retry-After.
 */
import * as z from 'zod/mini';
import { requestEmailChange } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { invalidInput, notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { EmailChangeRequestRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/users/:id/change-email'),
  output: okReply(EmailChangeRequestRecord),
  input: z.strictObject({ userId: Uuid, newEmail: Email }),
  run: async ({ input, profile }) => {
    if (!profile) throw notFound('The user');
    if (profile.email.toLowerCase() === input.newEmail.toLowerCase()) {
      throw invalidInput("newEmail is already this account's address.", [
        { path: 'newEmail', message: 'Same as the current email.' },
      ]);
    }
    const request = await requestEmailChange(input.userId, input.newEmail);
    return ok({ ...request, status: 'confirmation_sent' as const });
  },
});
