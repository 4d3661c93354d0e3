/**
 * The web analytics of this environment: Google (cloud.ts), locally the same client pointed at the
 * fake Google by `npm start`'s configuration. `useAnalytics` puts another implementation in its
 * place (a test); `useAnalytics(undefined)` goes back to Google, its credentials read afresh.
 */
import { forgetGoogle, googleAnalytics } from './cloud.ts';
import type { Analytics } from './port.ts';

let chosen: Analytics | undefined;

export function getAnalytics(): Analytics {
  return chosen ?? googleAnalytics;
}

export function useAnalytics(analytics: Analytics | undefined): void {
  chosen = analytics;
  if (!analytics) forgetGoogle();
}
