/** The file record (Files group): its metadata; the content is fetched through a download link. */
import * as z from 'zod/mini';
import { ENTITY_TYPES } from '../../db/entities.ts';
import { FILE_CONTENT_TYPES } from '../../db/files.ts';
import { stored } from './common.ts';
import { named } from './reply.ts';

export const FileRecord = named(
  'File',
  z.object({
    ...stored,
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    ownerType: z.enum(ENTITY_TYPES),
    ownerId: z.uuid(),
    fileName: z.string(),
    contentType: z.enum(FILE_CONTENT_TYPES),
    description: z.nullable(z.string()),
    sizeBytes: z.int(),
    createdBy: z.string(),
    createdByName: z.nullable(z.string()),
    /** `ai_assistant` when an agent token wrote it, else `person`. */
    createdByType: z.enum(['person', 'ai_assistant']),
  }),
);

/** A presigned GET of the file's content (valid a few minutes), naming the file for the download. */
export const FileDownloadRecord = named(
  'FileDownload',
  z.object({ url: z.url(), method: z.literal('GET'), expiresAt: z.iso.datetime(), fileName: z.string(), contentType: z.enum(FILE_CONTENT_TYPES) }),
);
