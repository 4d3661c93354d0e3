/** The file record (Files group): its metadata; the content is fetched through a download link. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { FILE_CONTENT_TYPES, FileSchema } from '../../records/file.ts';
import { named } from './reply.ts';

export const FileRecord = named('File', FileSchema);

/** A presigned GET of the file's content (valid a few minutes), naming the file for the download. */
export const FileDownloadRecord = named(
  'FileDownload',
  lazySchema(() =>
    z.object({
      url: z.url(),
      method: z.literal('GET'),
      expiresAt: z.iso.datetime(),
      fileName: z.string(),
      contentType: z.enum(FILE_CONTENT_TYPES),
    }),
  ),
);
