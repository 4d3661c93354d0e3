/**
 * Avatar images in the avatars bucket live as long as a profile names them: the one a profile no
 * longer names (replaced by another key, or by null) is deleted, and so is the current one when
 * the account is deleted. A user's avatar is personal data; an image nobody can reach through the
 * API must not stay stored.
 */
import { config } from '../config.ts';
import { logger } from '../support/logger.ts';
import { deleteObject } from '../integrations/object-writes.ts';

/** Deletes one avatar image (a missing one is already deleted); throws when S3 refuses. */
export function deleteAvatar(avatarKey: string): Promise<void> {
  return deleteObject(config.avatarsBucket(), avatarKey);
}

/**
 * After an update whose record now names `currentKey`: deletes the image `previousKey` named,
 * unless it is the same one. Best effort: the update has succeeded, so a failed delete is logged
 * (with the key, to clean up) and never fails the request.
 */
export async function deleteReplacedAvatar(previousKey: string | null | undefined, currentKey: string | null | undefined): Promise<void> {
  if (!previousKey || previousKey === currentKey) return;
  await deleteAvatar(previousKey).catch((error: unknown) =>
    logger.error('replaced avatar left behind', { avatarKey: previousKey, error: error instanceof Error ? error.message : String(error) }),
  );
}
