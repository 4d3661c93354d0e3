/** POST /v1/users — creates the caller's user record at sign-up (Form B). */
import { z } from 'zod';
import { createUser } from '../../shared/db/users.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/result.ts';
import { Email, Uuid } from '../../shared/schemas/common.ts';

export const handler = defineHandler({
  route: 'POST /v1/users',
  input: z.strictObject({
    userId: Uuid,
    email: Email,
    name: z.string().trim().max(255).nullable().optional(),
    jobRole: z.string().trim().max(100).nullable().optional(),
  }),
  run: async ({ input }) => created(await createUser(input)),
});
