/**
 * POST /v1/users/:id/confirm-email-change — applies the pending email change with the code emailed
 * to the new address (the service's own route, docs/decisions.md "Identity and tokens"), and answers
 * the updated profile. A wrong, used or expired code is 403 (as a deletion token is); an address
 * another account uses is 409 and changes nothing. The bearer token keeps vouching for the old
 * address until the identity provider issues a new one; invitations follow the token's address.
 */
import * as z from 'zod/mini';
import { confirmEmailChange } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { UserRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/users/:id/confirm-email-change'),
  output: okReply(UserRecord),
  input: z.strictObject({ userId: Uuid, code: Uuid }),
  run: async ({ input }) => ok(await confirmEmailChange(input.userId, input.code)),
});
