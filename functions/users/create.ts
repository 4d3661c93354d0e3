/**
 * POST /v1/users — creates the caller's user record at sign-up (Form B). The email must be the one
 * the bearer token vouches for (docs/decisions.md "Identity and tokens"), compared case-insensitively:
 * another address is 403, so nobody claims an address (and the invitations sent to it) they do not
 * hold. A token that vouches for no address (no `email` claim, or an `email_verified` other than
 * true) cannot claim any: 403 as well, with a message saying so.
 */
import * as z from 'zod/mini';
import { createUser } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { forbidden } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { Email, text, Uuid } from '../../shared/schemas/common.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { UserRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/users'),
  output: createdReply(UserRecord),
  input: z.strictObject({
    userId: Uuid,
    email: Email,
    name: z.optional(z.nullable(text(0, 255))),
    jobRole: z.optional(z.nullable(text(0, 100))),
  }),
  run: async ({ input, caller }) => {
    if (!caller.email) {
      throw forbidden(
        'Your token vouches for no email address (no email claim, or email_verified is not true): no profile email can be claimed with it.',
      );
    }
    if (caller.email.toLowerCase() !== input.email.toLowerCase())
      throw forbidden('email must be the address your token vouches for.');
    return created(await createUser(input));
  },
});
