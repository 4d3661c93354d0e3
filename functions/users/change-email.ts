/** POST /v1/users/:id/change-email — sends a confirmation to the new address (outbox). */
import * as z from 'zod/mini';
import { requestEmailChange } from '../../shared/db/email-changes.ts';
import { emailTaken, getUser } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { conflict, invalidInput, notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'POST /v1/users/:id/change-email',
  input: z.strictObject({ userId: Uuid, newEmail: Email }),
  run: async ({ input }) => {
    const user = await getUser(input.userId);
    if (!user) throw notFound('User');
    if (user.email.toLowerCase() === input.newEmail.toLowerCase()) {
      throw invalidInput('newEmail is already this account\'s address.', [{ path: 'newEmail', message: 'Same as the current email.' }]);
    }
    if (await emailTaken(input.newEmail, input.userId)) throw conflict('Another account already uses this email address.');
    const request = await requestEmailChange(input.userId, input.newEmail);
    return ok({ ...request, status: 'confirmation_sent' });
  },
});
