/**
 * When a failed webhook delivery is tried again: Standard Webhooks' schedule (5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, then every 10 h; each delay within SQS's 12-hour visibility limit), for up to 3
 * days after the round's first attempt; an endpoint failing for longer than that is disabled.
 */
const SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];

/** Retries stop this long after the round's first attempt. */
export const RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;

/** An endpoint failing this long is disabled (its owners emailed). */
export const DISABLE_AFTER_MS = RETRY_WINDOW_MS;

/** The delay before the next attempt after `attempts` failed ones (1 = the first failed). */
export function retryDelaySeconds(attempts: number): number {
  return SCHEDULE_SECONDS[Math.min(Math.max(attempts, 1), SCHEDULE_SECONDS.length) - 1]!;
}

/** Whether an attempt `delaySeconds` from `now` still falls within the round started at `firstAttemptAt`. */
export function withinRetryWindow(firstAttemptAt: string, now: Date, delaySeconds: number): boolean {
  return now.getTime() + delaySeconds * 1000 <= Date.parse(firstAttemptAt) + RETRY_WINDOW_MS;
}
