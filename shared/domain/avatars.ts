/**
 * Where avatar images live in the avatars bucket, and what may be uploaded there. A client uploads
 * to `uploads/<avatar key>`; only setting the avatar (PATCH) copies the image to its avatar key, so
 * everything under `uploads/` is an image no profile names yet, and a lifecycle rule of the bucket
 * (infra/stack.ts) expires it: an upload never set does not stay stored.
 */

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

export const AVATAR_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

export function avatarKeyPrefix(userId: string): string {
  return `avatars/${userId}/`;
}

/** Keys issued by the upload-url endpoint for this user, and no others. */
export function avatarKeyPattern(userId: string): RegExp {
  return new RegExp(`^avatars/${userId}/[0-9a-f-]{36}\\.(jpg|png|webp|gif)$`);
}

/** Where pending uploads live; nothing else in the avatars bucket starts with it. */
export const AVATAR_UPLOADS_PREFIX = 'uploads/';

/** Where the upload-url route has the client PUT the image that `avatarKey` will name. */
export function avatarUploadKey(avatarKey: string): string {
  return `${AVATAR_UPLOADS_PREFIX}${avatarKey}`;
}
