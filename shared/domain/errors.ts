/**
 * Typed domain errors: what the data layer (and anything below HTTP) throws when a request cannot
 * be done. They know nothing of HTTP; `toProblem` (shared/http/middleware/problem-responses.ts) is
 * the one place that maps each kind to its RFC 9457 problem (status, code, headers). The factory
 * names match the problem helpers', so a repository reads the same as a handler.
 */

/** A field the error is about, by its canonical input name (the problem's `errors` entry). */
export interface FieldIssue {
  path: string;
  message: string;
}

export abstract class DomainError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = new.target.name;
  }
}

/** The record does not exist (or the caller may not know that it does). */
export class NotFoundError extends DomainError {}

/** The request contradicts the current state (a duplicate, a concurrent change, a rule of the data). */
export class ConflictError extends DomainError {}

/** The input is well-formed but not acceptable for this record. */
export class InvalidError extends DomainError {
  constructor(
    detail: string,
    readonly errors?: FieldIssue[],
  ) {
    super(detail);
  }
}

/** The record existed and was removed (a finished invitation, a deleted record still named by its key). */
export class GoneError extends DomainError {}

/** A secret the request presents does not match (a deletion token, an email-change code). */
export class ForbiddenError extends DomainError {}

/** A limit enforced on purpose was reached; the caller may retry after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
  }
}

export const notFound = (what: string) => new NotFoundError(`${what} was not found.`);
export const conflict = (detail: string) => new ConflictError(detail);
export const invalidInput = (detail: string, errors?: FieldIssue[]) => new InvalidError(detail, errors);
export const gone = (what: string) => new GoneError(`${what} is gone.`);
export const forbidden = (detail: string) => new ForbiddenError(detail);
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new RateLimitedError(detail, retryAfterSeconds);
