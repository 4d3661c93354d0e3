/**
 * Files (Form A): text, markdown or CSV attached to an activity, campaign or creator. The content
 * is an object of the files bucket, named by the item's `s3Key` (organization delete removes the
 * objects it finds there); the item holds the metadata. All files of one owner share a sort-key
 * prefix ordered by creation time (ids time-ordered like notes'), so one query lists them newest first.
 *
 * Writing: the object first, then the item in a transaction conditioned on the owner's existence;
 * a failed transaction deletes the object again, so no item names a missing object and the normal
 * failure paths leave no stray object.
 */
import * as z from 'zod/mini';
import { config } from '../../config.ts';
import { logger } from '../../support/logger.ts';
import * as storageUrls from '../../integrations/storage-urls/index.ts';
import * as storageWrites from '../../integrations/storage-writes/index.ts';
import { defineEntity, updateRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import { ENTITY_TYPES, entityExists, type EntityType } from './entities.ts';
import { absent } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { timeOrderedId } from '../table/ids.ts';
import { batchDelete } from '../table/operations.ts';
import { releaseObjects } from '../storage/released-objects.ts';
import { pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';
import { type FILE_CONTENT_TYPES, FileSchema } from '../../records/file.ts';
export { FILE_CONTENT_TYPES } from '../../records/file.ts';

export const FILE_OWNER_TYPES = ENTITY_TYPES;
export type FileOwnerType = EntityType;

export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** The one extension a file of each content type is named with (compared case-insensitively). */
export const FILE_EXTENSIONS: Record<FileContentType, string> = {
  'text/markdown': '.md',
  'text/plain': '.txt',
  'text/csv': '.csv',
};

/** Largest content accepted: 1 MiB of UTF-8. */
export const FILE_MAX_BYTES = 1024 * 1024;

/** How long a download URL works. */
export const DOWNLOAD_SECONDS = 300;

const Files = defineEntity({
  name: 'The file',
  schema: () =>
    z.object({
      ...FileSchema.shape,
      /** The key of its object in the files bucket: for downloads, never returned. */
      s3Key: z.string(),
    }),
  key: (tenantId: string, file: { ownerType: string; ownerId: string; createdAt: string; id: string }) =>
    keys.file(tenantId, file.ownerType, file.ownerId, file.createdAt, file.id),
  queries: {
    /** An owner's files, by creation. */
    ofOwner: collections.filesOfOwner,
  },
});

export type StoredFile = z.infer<typeof FileSchema>;

export interface NewFile {
  ownerType: FileOwnerType;
  ownerId: string;
  fileName: string;
  contentType: FileContentType;
  description: string | null;
  content: string;
  createdBy: string;
  createdByName: string | null;
  createdByType: StoredFile['createdByType'];
}

/** The object's key in the files bucket (like avatars: `<kind>/<owner>/<id>`). */
export const fileObjectKey = (tenantId: string, fileId: string) => `files/${tenantId}/${fileId}`;

/** The record with the key of its object in the files bucket: for downloads, never returned. */
export const fileWithObjectFromItem = Files.fromItem;

/** The record as returned: never the object key. */
function withoutObject({ s3Key: _s3Key, ...file }: z.infer<typeof Files.schema>): StoredFile {
  return file;
}

export function fileFromItem(item: Record<string, unknown>): StoredFile {
  return withoutObject(Files.fromItem(item));
}

/** Stores the content and creates the file on an owner of the tenant (404 when there is none). */
export async function createFile(tenantId: string, input: NewFile): Promise<StoredFile> {
  const now = new Date();
  const { content, ...fields } = input;
  const body = Buffer.from(content, 'utf8');
  const file: StoredFile = {
    id: timeOrderedId(now.getTime()),
    organizationId: tenantId,
    workspaceId: tenantId,
    ...fields,
    sizeBytes: body.byteLength,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const key = Files.key(tenantId, file);
  const s3Key = fileObjectKey(tenantId, file.id);
  const bucket = config.filesBucket();
  await storageWrites.putObject(bucket, s3Key, `${file.contentType}; charset=utf-8`, body);
  try {
    await transact([
      entityExists(tenantId, file.ownerType, file.ownerId),
      Files.tx.put(key, { ...file, s3Key }, { condition: absent }),
      pointerPut('file', file.id, tenantId, key),
    ]);
  } catch (error) {
    // Best effort: the request fails either way; an object left behind is only logged.
    await storageWrites.deleteObject(bucket, s3Key).catch((cleanup: unknown) =>
      logger.error('file object left behind', {
        s3Key,
        error: cleanup instanceof Error ? cleanup.message : String(cleanup),
      }),
    );
    throw error;
  }
  return file;
}

/** Every file of one owner, newest first, as stored (with `s3Key`). */
function fileItemsOf(tenantId: string, ownerType: FileOwnerType, ownerId: string) {
  return queryRecords(Files.query.ofOwner(tenantId, ownerType, ownerId), { newestFirst: true });
}

/** Every file of one owner, newest first. */
export async function filesOf(tenantId: string, ownerType: FileOwnerType, ownerId: string): Promise<StoredFile[]> {
  return (await fileItemsOf(tenantId, ownerType, ownerId)).map(withoutObject);
}

/** Renames a file (the object stays where it is; downloads carry the new name); 404 when it is gone. */
export async function renameFile(tenantId: string, current: StoredFile, fileName: string): Promise<StoredFile> {
  return withoutObject(
    await updateRecord(Files, Files.key(tenantId, current), { set: { fileName, updatedAt: new Date().toISOString() } }),
  );
}

/** A short-lived presigned GET of a stored file (raw item) whose Content-Disposition names the file. */
export async function fileDownload(file: StoredFile & { s3Key: string }) {
  const request = await storageUrls.presignDownload(config.filesBucket(), file.s3Key, file.fileName, DOWNLOAD_SECONDS);
  return {
    url: request.url,
    method: 'GET' as const,
    expiresAt: request.expiresAt,
    fileName: file.fileName,
    contentType: file.contentType,
  };
}

/**
 * Deletes every file of an owner (the owner's permanent delete): its objects are released first
 * (the object sweep deletes them, shared/db/storage), then the items and their pointers go.
 * Idempotent: a repeat after an interruption finds what is left (the items name their objects
 * until the very end) and deletes it.
 */
export async function deleteFilesOf(tenantId: string, ownerType: FileOwnerType, ownerId: string): Promise<void> {
  const files = await fileItemsOf(tenantId, ownerType, ownerId);
  await releaseObjects(
    'files',
    files.map((file) => file.s3Key),
  );
  await batchDelete(files.flatMap((file) => [Files.key(tenantId, file), keys.recordPointer(file.id)]));
}
