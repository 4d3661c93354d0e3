/** Records of the Users group: the profile, its settings, and the receipts of the account actions. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { UserSettingsSchema } from '../../records/user-settings.ts';
import { UserSchema } from '../../records/user.ts';
import { Instant } from './common.ts';
import { named } from './reply.ts';

/** A user's profile; its `id` is its `userId`. */
export const UserRecord = named('User', UserSchema);

/**
 * A member of a tenant: the profile and the membership's `role` (viewer, member, owner) and
 * `membershipStatus` (active, pending). Strings while the data layer's Member type says string.
 */
export const MemberRecord = named(
  'Member',
  /* @__PURE__ */ lazySchema(() =>
    z.object({ ...UserRecord.def.shape, role: z.string(), membershipStatus: z.string() }),
  ),
);

export const UserSettingsRecord = named('UserSettings', UserSettingsSchema);

/** A presigned PUT: the client uploads the image there, then PATCHes `avatarKey`. */
export const AvatarUploadRecord = named(
  'AvatarUpload',
  lazySchema(() =>
    z.object({
      avatarKey: z.string(),
      uploadUrl: z.url(),
      method: z.string(),
      headers: z.record(z.string(), z.string()),
      expiresAt: Instant,
    }),
  ),
);

export const EmailChangeRequestRecord = named(
  'EmailChangeRequest',
  lazySchema(() =>
    z.object({
      userId: z.uuid(),
      newEmail: z.string(),
      requestedAt: Instant,
      expiresAt: Instant,
      status: z.literal('confirmation_sent'),
    }),
  ),
);

export const DeletionRequestRecord = named(
  'DeletionRequest',
  /* @__PURE__ */ lazySchema(() =>
    z.object({ userId: z.uuid(), expiresAt: Instant, status: z.literal('confirmation_sent') }),
  ),
);

export const DeletionConfirmationRecord = named(
  'DeletionConfirmation',
  /* @__PURE__ */ lazySchema(() =>
    z.object({ userId: z.uuid(), confirmedAt: Instant, status: z.literal('deletion_confirmed') }),
  ),
);
