/**
 * PATCH /v1/users/:id — updates the caller's profile, only the fields sent; `avatarKey` must be one
 * of the caller's own keys, its image uploaded (400 otherwise): setting it moves the image into
 * place (shared/db/tenancy/avatars.ts). A new `email` changes nothing at once: as with `change-email`, a
 * code goes to the new address and `confirm-email-change` applies it; the answer is the same
 * whether or not another account uses that address (no account enumeration), and its limits are
 * change-email's (429, and then nothing of the request is changed).
 */
import * as z from 'zod/mini';
import { changeAvatar, requestEmailChange, updateUser } from '../../shared/db/tenancy/index.ts';
import { avatarKeyPattern } from '../../shared/domain/avatars.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { invalidInput, notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Email, text, Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { UserRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('PATCH /v1/users/:id'),
  output: okReply(UserRecord),
  input: z.strictObject({
    userId: Uuid,
    name: z.optional(z.nullable(text(1, 255))),
    email: z.optional(Email),
    jobRole: z.optional(z.nullable(text(0, 100))),
    avatarKey: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
  }),
  run: async ({ input: { userId, email, ...changes }, profile: current }) => {
    if (!current) throw notFound('The user');
    if (typeof changes.avatarKey === 'string' && !avatarKeyPattern(userId).test(changes.avatarKey)) {
      throw invalidInput("avatarKey must be a key returned by this user's avatar upload-url.", [
        { path: 'avatarKey', message: 'Not an avatar key of this user.' },
      ]);
    }
    const changing = Object.values(changes).some((value) => value !== undefined);
    // A new avatar's upload is moved into place first, so that with nothing uploaded (400) no code is emailed either.
    const updated = await changeAvatar(current.avatarKey, changes.avatarKey, async () => {
      if (email !== undefined && email.toLowerCase() !== current.email.toLowerCase())
        await requestEmailChange(userId, email);
      return changing ? updateUser(userId, changes) : current;
    });
    return ok(updated);
  },
});
