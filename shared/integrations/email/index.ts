/**
 * The mailer of this environment: SES (cloud.ts); locally nothing sends (port.ts). `useMailer`
 * puts another implementation in its place (a test); `useMailer(undefined)` goes back to SES,
 * its client made afresh.
 */
import { forgetSes, sesMailer } from './cloud.ts';
import type { Mailer } from './port.ts';

let chosen: Mailer | undefined;

export function getMailer(): Mailer {
  return chosen ?? sesMailer;
}

export function useMailer(mailer: Mailer | undefined): void {
  chosen = mailer;
  if (!mailer) forgetSes();
}
