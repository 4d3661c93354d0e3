/** Where avatar images live in the avatars bucket, and what may be uploaded there. */

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
