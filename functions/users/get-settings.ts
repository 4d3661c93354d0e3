/** GET /v1/users/:id/settings — the caller's settings (defaults until first saved). */
import * as z from 'zod/mini';
import { getSettings } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { UserSettingsRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/users/:id/settings'),
  output: okReply(UserSettingsRecord),
  input: z.strictObject({ userId: Uuid }),
  run: async ({ input }) => ok(await getSettings(input.userId)),
});
