/**
 * Error mapping, the outermost onError after logging: every failure becomes an RFC 9457
 * problem document (docs/decisions.md, "Errors"). Unknown errors are logged and answered as a bare 500
 * `internal`; no stack trace or raw message ever reaches the client.
 */
import type { MiddlewareObj } from '@middy/core';
import type { ApiContext, ApiEvent, ApiRequest, ApiResponse } from '../context.ts';
import { logger } from '../../support/logger.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  InvalidError,
  NotFoundError,
  RateLimitedError,
} from '../../domain/errors.ts';
import { isThrottling, isTransactionConflict } from '../../db/table/index.ts';
import { Problem, rateLimited, type ProblemCode } from '../problem.ts';
import { Replay } from '../replay.ts';
import { mappedStack } from '../../support/mapped-stack.ts';

/** Errors thrown by middy's own middleware carry an HTTP status and are safe to describe. */
function fromMiddy(error: Error & { statusCode?: number; expose?: boolean }): Problem | undefined {
  switch (error.statusCode) {
    case 415:
      return new Problem('unsupported_media_type', 'The request body must be sent as application/json.');
    case 422:
    case 400:
      // @middy/http-json-body-parser uses 422 for malformed JSON; docs/decisions.md wants 400.
      return new Problem('invalid_input', 'The request body is not valid JSON.');
    case 413:
      return new Problem('payload_too_large', 'The request body is too large.');
    default:
      return undefined;
  }
}

/** The one mapping from the data layer's typed errors to problems; the detail is the error's own. */
function fromDomain(error: Error): Problem | undefined {
  if (error instanceof InvalidError) return new Problem('invalid_input', error.detail, error.errors);
  if (error instanceof RateLimitedError) return rateLimited(error.detail, error.retryAfterSeconds);
  if (error instanceof NotFoundError) return new Problem('not_found', error.detail);
  if (error instanceof ConflictError) return new Problem('conflict', error.detail);
  // docs/decisions.md names no status for it; 410 is HTTP's own for a resource removed for good.
  if (error instanceof GoneError) return new Problem('gone', error.detail);
  if (error instanceof ForbiddenError) return new Problem('forbidden', error.detail);
  return undefined;
}

export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof Error) {
    const mapped = fromDomain(error) ?? fromMiddy(error);
    if (mapped) return mapped;
    // What the retry policy (shared/db/table/retry.ts) still could not get through.
    if (isThrottling(error)) return rateLimited('The service is busy; retry shortly.', 1);
    if (isTransactionConflict(error))
      return new Problem('conflict', 'A concurrent change touched the same records; retry the request.');
  }
  return new Problem('internal', 'An unexpected error occurred. Quote the requestId when reporting it.');
}

export function problemBody(problem: Problem, requestId: string): Record<string, unknown> {
  return {
    type: `/problems/${problem.code.replaceAll('_', '-')}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    code: problem.code satisfies ProblemCode,
    requestId,
    ...(problem.errors?.length ? { errors: problem.errors } : {}),
  };
}

export function problemResponse(problem: Problem, requestId: string): ApiResponse {
  return {
    statusCode: problem.status,
    headers: { 'content-type': 'application/problem+json', ...problem.headers },
    body: JSON.stringify(problemBody(problem, requestId)),
  };
}

export function problemResponses(): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  return {
    onError: (request: ApiRequest) => {
      const state = request.context.state;
      // A repeat of a request whose answer was kept gets that answer, not a problem.
      if (request.error instanceof Replay) {
        request.response = request.error.response;
        return;
      }
      const problem = toProblem(request.error);
      // Failures of our own or of AWS (throttling) are logged; a limit we enforce on purpose is not an error.
      if (
        problem.code === 'internal' ||
        (problem.code === 'rate_limited' && !(request.error instanceof Problem || request.error instanceof DomainError))
      ) {
        const error = request.error;
        logger.error('unhandled error', {
          route: state.route.key,
          requestId: state.requestId,
          errorName: error?.name,
          errorMessage: error?.message,
          stack: mappedStack(error?.stack),
        });
      }
      request.response = problemResponse(problem, state.requestId);
    },
  };
}
