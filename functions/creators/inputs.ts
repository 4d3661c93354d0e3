/** Input fields of the Creators group (docs/spec/interface.md "Creator", docs/decisions.md "Inputs"). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { Email, multilineText, text } from '../../shared/schemas/common.ts';

/** The roles a creator can be given; `own_brand` is a filter value only. */
export const CreatorRole = /* @__PURE__ */ droppable(() => z.enum(['person', 'community', 'brand_partner']));
export const CreatorRoleFilter = /* @__PURE__ */ droppable(() =>
  z.enum(['person', 'community', 'brand_partner', 'own_brand']),
);

/** ISO 3166-1 alpha-2, accepted in either case and stored upper-case. */
export const Country = /* @__PURE__ */ droppable(() =>
  z
    .string()
    .check(z.trim(), z.regex(/^[A-Za-z]{2}$/, { error: 'Must be a two-letter country code.' }), z.toUpperCase()),
);

export const creatorFields = /* @__PURE__ */ droppable(() => ({
  name: text(1, 255),
  email: z.nullable(Email),
  role: z.nullable(CreatorRole),
  country: z.nullable(Country),
  notes: z.nullable(multilineText(0, 2000)),
}));
