/**
 * POST /v1/files — a text, markdown or CSV file on an activity, campaign or creator (404 when the
 * owner is not in the tenant). The author is the caller; an agent token marks it as written by an
 * AI assistant.
 */
import * as z from 'zod/mini';
import { createFile } from '../../shared/db/evidence/index.ts';
import { getUser } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/files.ts';
import { created } from '../../shared/http/result.ts';
import { multilineText, Uuid } from '../../shared/schemas/common.ts';
import { assertExtensionMatches, ContentType, FileContent, FileName, OwnerType, ownerTenant } from './inputs.ts';
import { FileRecord } from '../../shared/schemas/records/file.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

/**
 * 1 MiB of content must fit through whatever JSON escaping a client uses (`\"`, `\n`, `\uXXXX`
 * for non-ASCII: up to 3x), so this route takes bodies up to 4 MiB; the content cap is checked
 * on the parsed text. Still below Lambda's 6 MB request payload.
 */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const handler = defineHandler({
  route: routeByKey('POST /v1/files'),
  output: createdReply(FileRecord),
  input: z.strictObject({
    organizationId: z.optional(Uuid),
    ownerType: OwnerType,
    ownerId: Uuid,
    fileName: FileName,
    contentType: ContentType,
    content: FileContent,
    description: z.optional(z.nullable(multilineText(0, 1000))),
  }),
  tenantOf: ownerTenant,
  maxBodyBytes: MAX_BODY_BYTES,
  run: async ({ input, caller, tenant }) => {
    assertExtensionMatches(input.fileName, input.contentType);
    const createdByName = caller.name ?? (await getUser(caller.userId))?.name ?? null;
    return created(
      await createFile(tenant.tenantId, {
        ownerType: input.ownerType,
        ownerId: input.ownerId,
        fileName: input.fileName,
        contentType: input.contentType,
        description: input.description ?? null,
        content: input.content,
        createdBy: caller.userId,
        createdByName,
        createdByType: caller.agent ? 'ai_assistant' : 'person',
      }),
    );
  },
});
