/** The filter inputs shared by the activity list, count and stats (not a handler); their read model is the catalogue's (activity-lists.ts). */
import * as z from 'zod/mini';
import { lazySchema } from '../../shared/records/lazy-schema.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { Channel } from '../../shared/schemas/enums.ts';

export const filterInput = /* @__PURE__ */ lazySchema(() => ({
  organizationId: Uuid,
  channel: z.optional(Channel),
  creatorId: z.optional(Uuid),
  campaignId: z.optional(Uuid),
}));
