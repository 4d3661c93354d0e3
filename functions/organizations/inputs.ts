/** Input schemas shared by more than one Organizations route (not a handler). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { Currency, Timezone } from '../../shared/schemas/enums.ts';

/** A new organization: POST /v1/organizations and complete-organic-signup. */
export const NewOrganization = /* @__PURE__ */ droppable(() =>
  z.strictObject({
    userId: Uuid,
    name: text(1, 255),
    ianaTimezone: z.optional(Timezone),
    currency: z.optional(Currency),
  }),
);
