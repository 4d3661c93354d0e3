/** Records of the Creators group: the creator with its stored aggregate, and its social accounts. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { CreatorSchema } from '../../records/creator.ts';
import { SocialAccountSchema } from '../../records/social-account.ts';
import { named } from './reply.ts';

export const SocialAccountRecord = named('SocialAccount', SocialAccountSchema);

/** A creator as a list shows it: its stored fields and aggregate. */
export const CreatorSummaryRecord = named('CreatorSummary', CreatorSchema);

/** One creator, with its social accounts. */
export const CreatorRecord = named(
  'Creator',
  /* @__PURE__ */ lazySchema(() => z.object({ ...CreatorSchema.shape, socialAccounts: z.array(SocialAccountRecord) })),
);
