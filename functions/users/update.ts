/** PATCH /v1/users/:id — changes only the fields sent; `avatarKey` must be one of the caller's own uploads. */
import * as z from 'zod/mini';
import { avatarKeyPattern } from '../../shared/domain/avatars.ts';
import { updateUser } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Email, text, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'PATCH /v1/users/:id',
  input: z.strictObject({
    userId: Uuid,
    name: z.optional(z.nullable(text(1, 255))),
    email: z.optional(Email),
    jobRole: z.optional(z.nullable(text(0, 100))),
    avatarKey: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
  }),
  run: async ({ input: { userId, ...changes } }) => {
    if (typeof changes.avatarKey === 'string' && !avatarKeyPattern(userId).test(changes.avatarKey)) {
      throw invalidInput('avatarKey must be a key returned by this user\'s avatar upload-url.', [
        { path: 'avatarKey', message: 'Not an avatar key of this user.' },
      ]);
    }
    return ok(await updateUser(userId, changes));
  },
});
