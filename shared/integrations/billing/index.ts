/**
 * The billing of this environment: Stripe (cloud.ts), locally the same client pointed at the fake
 * Stripe by `npm start`'s configuration. `useBilling` puts another implementation in its place (a
 * test); `useBilling(undefined)` goes back to the configured one, read afresh.
 */
import { forgetStripe, stripeBilling } from './cloud.ts';
import type { Billing } from './port.ts';

let chosen: Billing | undefined;

export function getBilling(): Billing {
  return chosen ?? stripeBilling;
}

export function useBilling(billing: Billing | undefined): void {
  chosen = billing;
  if (!billing) forgetStripe();
}
