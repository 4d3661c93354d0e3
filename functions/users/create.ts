/** POST /v1/users — creates the caller's user record at sign-up (Form B). */
import * as z from 'zod/mini';
import { createUser } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/result.ts';
import { Email, text, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'POST /v1/users',
  input: z.strictObject({
    userId: Uuid,
    email: Email,
    name: z.optional(z.nullable(text(0, 255))),
    jobRole: z.optional(z.nullable(text(0, 100))),
  }),
  run: async ({ input }) => created(await createUser(input)),
});
