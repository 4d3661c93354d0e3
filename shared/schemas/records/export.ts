/** The export record (Exports group): its status and, once it succeeded, a presigned download. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { ExportSchema } from '../../records/export.ts';
import { named } from './reply.ts';

export const ExportRecordSchema = named(
  'Export',
  lazySchema(() =>
    z.object({
      ...ExportSchema.shape,
      /** A presigned GET of the file, valid 15 minutes from this answer; only when succeeded and not yet expired. */
      downloadUrl: z.optional(z.url()),
      downloadUrlExpiresAt: z.optional(z.iso.datetime()),
    }),
  ),
);
