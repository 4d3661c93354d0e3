/**
 * A request answered with an answer kept before (docs/decisions.md "Retries and browsers"): thrown
 * by the idempotency middleware to skip the route's work, and answered as it is by
 * `problemResponses`, the one place errors become answers.
 */
import type { ApiResponse } from './context.ts';

export class Replay extends Error {
  constructor(readonly response: ApiResponse) {
    super('A kept answer, replayed');
    this.name = 'Replay';
  }
}
