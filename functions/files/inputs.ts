/** Input pieces shared by the Files handlers. */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import {
  FILE_CONTENT_TYPES,
  FILE_EXTENSIONS,
  FILE_MAX_BYTES,
  FILE_OWNER_TYPES,
  type FileContentType,
  type FileOwnerType,
} from '../../shared/db/evidence/index.ts';
import { locate } from '../../shared/db/table/index.ts';
import type { TenantOf } from '../../shared/http/middleware/authorize.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { multilineText, text } from '../../shared/schemas/common.ts';

export const OwnerType = /* @__PURE__ */ droppable(() => z.enum(FILE_OWNER_TYPES));

export const ContentType = /* @__PURE__ */ droppable(() => z.enum(FILE_CONTENT_TYPES));

/**
 * A file name, extension included: a one-line text of 1-255 characters (no control or bidi
 * characters: an RLO makes `invoice\u202Edm.txt` display as `invoicetxt.md`, disguising the real
 * extension), and safe as a download name: no path separators, not `.` or `..`.
 */
export const FileName = /* @__PURE__ */ droppable(() =>
  text(1, 255).check(
    z.refine((s) => !/[/\\]/.test(s), { error: 'Must not contain / or \\.' }),
    z.refine((s) => s !== '.' && s !== '..', { error: 'Must name a file.' }),
  ),
);

/**
 * A file's name must end in its content type's extension (`.md`, `.txt`, `.csv`, any letter case),
 * so that what a download saves is opened as what it is; 400 on `fileName` otherwise.
 */
export function assertExtensionMatches(fileName: string, contentType: FileContentType): void {
  const extension = FILE_EXTENSIONS[contentType];
  if (fileName.length > extension.length && fileName.toLowerCase().endsWith(extension)) return;
  throw invalidInput(`A ${contentType} file's name must end in ${extension}.`, [
    { path: 'fileName', message: `Must end in ${extension} (the extension of ${contentType}).` },
  ]);
}

/**
 * The complete text, kept as sent (NFC-normalised, docs/decisions.md "Inputs"): a multi-line text, so
 * newlines and tabs but no other control or bidi characters; at most 1 MiB of UTF-8.
 */
// Its size is counted in bytes below, not in characters.
export const FileContent = /* @__PURE__ */ droppable(() =>
  multilineText(1, Infinity, { asWritten: true }).check(
    z.refine((s) => Buffer.byteLength(s, 'utf8') <= FILE_MAX_BYTES, {
      error: `Must be at most ${FILE_MAX_BYTES} bytes of UTF-8.`,
    }),
  ),
);

/**
 * The tenant of a request about an owner's files: `organizationId` when given (a scope input: a
 * non-member gets 403), otherwise the owner's own tenant, found through its pointer (404 when
 * there is no such owner or the caller cannot see it).
 */
export const ownerTenant: TenantOf<{
  organizationId?: string | undefined;
  ownerType: FileOwnerType;
  ownerId: string;
}> = async (input) =>
  input.organizationId ? { tenantId: input.organizationId, scopeInput: true } : locate(input.ownerType, input.ownerId);
