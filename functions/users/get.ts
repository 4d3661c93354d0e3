/** GET /v1/users/:id — the caller's own profile (authorization has read it already: `record`). */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { UserRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/users/:id'),
  output: okReply(UserRecord),
  input: z.strictObject({ userId: Uuid }),
  run: async ({ profile }) => {
    if (!profile) throw notFound('The user');
    return ok(profile);
  },
});
