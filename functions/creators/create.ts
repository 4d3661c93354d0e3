/** POST /v1/creators — a person, community or brand partner; `own_brand` is not a role one can give. */
import * as z from 'zod/mini';
import { createCreator } from '../../shared/db/catalogue/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { created } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { creatorFields } from './inputs.ts';
import { creatorView } from './views.ts';
import { CreatorRecord } from '../../shared/schemas/records/creator.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/creators'),
  output: createdReply(CreatorRecord),
  input: z.strictObject({
    workspaceId: Uuid,
    name: creatorFields.name,
    email: z.optional(creatorFields.email),
    role: z.optional(creatorFields.role),
    country: z.optional(creatorFields.country),
    notes: z.optional(creatorFields.notes),
  }),
  run: async ({ input: { workspaceId, ...fields } }) =>
    created(creatorView(await createCreator(workspaceId, fields), [])),
});
