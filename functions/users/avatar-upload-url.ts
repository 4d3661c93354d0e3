/**
 * POST /v1/users/:id/avatar/upload-url — a presigned PUT for a new avatar image. The signature
 * covers content type and length; the client uploads, then PATCHes `avatarKey`. The PUT goes to the
 * key's upload (`uploads/<avatarKey>`), which expires unless a PATCH sets the avatar.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { config } from '../../shared/config.ts';
import { AVATAR_EXTENSIONS, avatarKeyPrefix, avatarUploadKey, MAX_AVATAR_BYTES } from '../../shared/domain/avatars.ts';
import { getUser } from '../../shared/db/tenancy/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/users.ts';
import { notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import * as storageUrls from '../../shared/integrations/storage-urls/index.ts';
import { intInput, Uuid } from '../../shared/schemas/common.ts';
import { AvatarContentType } from '../../shared/schemas/enums.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { AvatarUploadRecord } from '../../shared/schemas/records/user.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/users/:id/avatar/upload-url'),
  output: okReply(AvatarUploadRecord),
  input: z.strictObject({
    userId: Uuid,
    contentType: AvatarContentType,
    contentLength: intInput(1, MAX_AVATAR_BYTES),
  }),
  run: async ({ input }) => {
    if (!(await getUser(input.userId))) throw notFound('The user');
    const avatarKey = `${avatarKeyPrefix(input.userId)}${randomUUID()}.${AVATAR_EXTENSIONS[input.contentType]}`;
    const upload = await storageUrls.presignUpload(
      config.avatarsBucket(),
      avatarUploadKey(avatarKey),
      input.contentType,
      input.contentLength,
    );
    return ok({
      avatarKey,
      uploadUrl: upload.url,
      method: upload.method,
      headers: upload.headers,
      expiresAt: upload.expiresAt,
    });
  },
});
