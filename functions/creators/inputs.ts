/** Input fields of the Creators group (interface.md "Creator", DECISIONS.md "Inputs"). */
import * as z from 'zod/mini';
import { Email, multilineText, text } from '../../shared/schemas/common.ts';

/** The roles a creator can be given; `own_brand` is a filter value only. */
export const CreatorRole = z.enum(['person', 'community', 'brand_partner']);
export const CreatorRoleFilter = z.enum(['person', 'community', 'brand_partner', 'own_brand']);

/** ISO 3166-1 alpha-2, accepted in either case and stored upper-case. */
export const Country = z.string().check(
  z.trim(),
  z.regex(/^[A-Za-z]{2}$/, { error: 'Must be a two-letter country code.' }),
  z.toUpperCase(),
);

export const creatorFields = {
  name: text(1, 255),
  email: z.nullable(Email),
  role: z.nullable(CreatorRole),
  country: z.nullable(Country),
  notes: z.nullable(multilineText(0, 2000)),
};

/** `YYYY-MM-DD`, a real calendar date. */
export const DateOnly = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Must be a date, YYYY-MM-DD.' }),
  z.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    error: 'Must be a real calendar date.',
  }),
);
