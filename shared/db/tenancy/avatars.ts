/**
 * Avatar images in the avatars bucket live as long as a profile names them: the one a profile no
 * longer names (replaced by another key, or by null) is deleted, and so is the current one when
 * the account is deleted (released then, for the object sweep: shared/db/storage). A user's avatar
 * is personal data; an image nobody can reach through the API must not stay stored. An image is
 * uploaded under `uploads/` (shared/domain/avatars.ts) and reaches its avatar key only when a
 * profile is about to name it; what is never set there expires.
 */
import { config } from '../../config.ts';
import { avatarUploadKey } from '../../domain/avatars.ts';
import { invalidInput } from '../../domain/errors.ts';
import { logger } from '../../support/logger.ts';
import * as storageWrites from '../../integrations/storage-writes/index.ts';

/** Deletes an object of the avatars bucket nothing needs any more; a failure is logged with its key, never thrown. */
async function deleteLeftover(key: string, what: string): Promise<void> {
  await storageWrites.deleteObject(config.avatarsBucket(), key).catch((error: unknown) =>
    logger.error(`${what} left behind`, {
      avatarKey: key,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

/**
 * After an update whose record now names `currentKey`: deletes the image `previousKey` named,
 * unless it is the same one. Best effort: the update has succeeded, so a failed delete is logged
 * (with the key, to clean up) and never fails the request.
 */
async function deleteReplacedAvatar(
  previousKey: string | null | undefined,
  currentKey: string | null | undefined,
): Promise<void> {
  if (!previousKey || previousKey === currentKey) return;
  await deleteLeftover(previousKey, 'replaced avatar');
}

/**
 * Runs `update`, which makes a profile name `nextKey` (undefined: the avatar does not change)
 * instead of `previousKey`, so that the profile never names an image that is not stored:
 *
 * 1. a new key's upload is copied to the key first; with nothing uploaded (or its upload expired)
 *    that is a 400 on `avatarKey` and nothing changes; with S3 busy or unreachable, a 429 to retry
 *    (storage-writes) and nothing changes;
 * 2. `update` runs; if it fails, the copy is removed again (best effort) and its error rethrown,
 *    while the upload stays, so the same request can be retried;
 * 3. once the profile names the new image, its upload and the image named before are deleted (best
 *    effort, logged: the upload expires anyway).
 */
export async function changeAvatar<T extends { avatarKey: string | null }>(
  previousKey: string | null,
  nextKey: string | null | undefined,
  update: () => Promise<T>,
): Promise<T> {
  const placing = typeof nextKey === 'string' && nextKey !== previousKey ? nextKey : undefined;
  if (placing && !(await storageWrites.copyObject(config.avatarsBucket(), avatarUploadKey(placing), placing))) {
    throw invalidInput('Upload the image to the uploadUrl that avatar upload-url returned, then set avatarKey.', [
      { path: 'avatarKey', message: 'Nothing was uploaded for this key, or its upload expired.' },
    ]);
  }
  let updated: T;
  try {
    updated = await update();
  } catch (error) {
    if (placing) await deleteLeftover(placing, 'avatar copy of a failed update');
    throw error;
  }
  if (placing) await deleteLeftover(avatarUploadKey(placing), 'avatar upload');
  await deleteReplacedAvatar(previousKey, updated.avatarKey);
  return updated;
}
