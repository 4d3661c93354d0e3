/** GET /v1/users/:id — the caller's own profile. */
import * as z from 'zod/mini';
import { getUser } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'GET /v1/users/:id',
  input: z.strictObject({ userId: Uuid }),
  run: async ({ input }) => {
    const user = await getUser(input.userId);
    if (!user) throw notFound('User');
    return ok(user);
  },
});
