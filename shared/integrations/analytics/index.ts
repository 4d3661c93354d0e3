/**
 * The web analytics of this environment: Google (cloud.ts); locally the same client, pointed at the
 * fake Google by `npm start`'s configuration (that configuration is the local implementation).
 * Callers import this module whole (`import * as analytics from '.../analytics/index.ts'`).
 */
import * as google from './cloud.ts';
import type { Analytics } from './port.ts';

let chosen: Analytics | undefined;

/** Puts another implementation in place (a test); undefined goes back to the configured one, read afresh. */
export function useAnalytics(impl: Analytics | undefined): void {
  chosen = impl;
  if (!impl) google.forgetGoogle();
}

// The port's operations, each the one put in place, else the configured one's: separate functions,
// so that a bundle keeps only the operations its function calls.
export const authorizationRequest: Analytics['authorizationRequest'] = (...args) =>
  chosen ? chosen.authorizationRequest(...args) : google.authorizationRequest(...args);
export const exchangeCode: Analytics['exchangeCode'] = (...args) =>
  chosen ? chosen.exchangeCode(...args) : google.exchangeCode(...args);
export const accessTokenFor: Analytics['accessTokenFor'] = (...args) =>
  chosen ? chosen.accessTokenFor(...args) : google.accessTokenFor(...args);
export const revoke: Analytics['revoke'] = (...args) => (chosen ? chosen.revoke(...args) : google.revoke(...args));
export const readableProperties: Analytics['readableProperties'] = (...args) =>
  chosen ? chosen.readableProperties(...args) : google.readableProperties(...args);
export const runReport: Analytics['runReport'] = (...args) =>
  chosen ? chosen.runReport(...args) : google.runReport(...args);
