/** The idempotency room of the data layer: the records of `Idempotency-Key`s (see README "Where things go"). */
export * from './records.ts';
