/** Input pieces shared by the Files handlers. */
import * as z from 'zod/mini';
import { FILE_CONTENT_TYPES, FILE_MAX_BYTES, FILE_OWNER_TYPES, type FileOwnerType } from '../../shared/db/files.ts';
import { locate } from '../../shared/db/records.ts';
import type { TenantOf } from '../../shared/http/middleware/authorize.ts';

export const OwnerType = z.enum(FILE_OWNER_TYPES);

export const ContentType = z.enum(FILE_CONTENT_TYPES);

/**
 * A file name, extension included: 1-255 characters (trimmed), and safe as a download name: no
 * path separators, no control characters, not `.` or `..`.
 */
export const FileName = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(255),
  z.refine((s) => !/[/\\\p{Cc}]/u.test(s), { error: 'Must not contain /, \\ or control characters.' }),
  z.refine((s) => s !== '.' && s !== '..', { error: 'Must name a file.' }),
);

/** The complete text, kept exactly as sent; at most 1 MiB of UTF-8. */
export const FileContent = z.string().check(
  z.minLength(1),
  z.refine((s) => Buffer.byteLength(s, 'utf8') <= FILE_MAX_BYTES, { error: `Must be at most ${FILE_MAX_BYTES} bytes of UTF-8.` }),
);

/**
 * The tenant of a request about an owner's files: `organizationId` when given (a scope input: a
 * non-member gets 403), otherwise the owner's own tenant, found through its pointer (404 when
 * there is no such owner or the caller cannot see it).
 */
export const ownerTenant: TenantOf<{ organizationId?: string | undefined; ownerType: FileOwnerType; ownerId: string }> = async (input) =>
  input.organizationId ? { tenantId: input.organizationId, scopeInput: true } : locate(input.ownerType, input.ownerId);
