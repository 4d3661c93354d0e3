/** PATCH /v1/users/:id — changes only the fields sent; `avatarKey` must be one of the caller's own uploads. */
import { z } from 'zod';
import { avatarKeyPattern } from '../../shared/domain/avatars.ts';
import { updateUser } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'PATCH /v1/users/:id',
  input: z.strictObject({
    userId: Uuid,
    name: z.string().trim().min(1).max(255).nullable().optional(),
    email: Email.optional(),
    jobRole: z.string().trim().max(100).nullable().optional(),
    avatarKey: z.string().max(1024).nullable().optional(),
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
