/** Input schemas and views shared by more than one Billing route (not a handler). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { PLANS } from '../../shared/domain/billing.ts';

export const Plan = /* @__PURE__ */ droppable(() => z.enum(PLANS));

/** A Stripe Checkout Session id (`cs_...`), as Stripe's success URL hands it to the web client. */
export const CheckoutSessionId = /* @__PURE__ */ droppable(() =>
  z.string().check(z.regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Expected a Checkout Session id (cs_...).')),
);

/** Where Stripe sends the owner back: pages of our web client. */
export const webClientPage = (base: string, page: string, query: Record<string, string>) => {
  const url = new URL(page, base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  // Stripe fills in the placeholder; URLSearchParams would have escaped its braces.
  return url.toString().replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}');
};
