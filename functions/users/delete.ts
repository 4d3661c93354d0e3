/**
 * DELETE /v1/users/:id — deletes the caller's account: a confirmation token, when sent, must be
 * valid (403); the ownership safeguards hold (409). Memberships are removed, the profile cleared,
 * and the account's tokens answer 401 from then on. An agent token may delete the account only
 * with the emailed token (403 without): the user's own mailbox has to agree (docs/decisions.md).
 */
import * as z from 'zod/mini';
import { deleteAccount } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { deleted } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Deleted } from '../../shared/schemas/records/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('DELETE /v1/users/:id'),
  output: okReply(Deleted),
  input: z.strictObject({ userId: Uuid, token: z.optional(Uuid) }),
  run: async ({ input, caller }) => {
    if (caller.agent && input.token === undefined) {
      throw forbidden('An agent access token may delete an account only with the emailed deletion token.');
    }
    await deleteAccount(input.userId, input.token);
    return deleted(input.userId);
  },
});
