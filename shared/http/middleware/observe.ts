/**
 * First middleware: request id, the one structured log line per request and the request's metrics.
 *
 * The line: route, routeGroup, status, durationMs, requestId, userId, agent, tenantId (the tenant the
 * request addressed, once known), coldStart, and what the request asked of DynamoDB (calls, consumed
 * capacity, our retry policy's retries and throttles). Ids and figures only: never tokens, bodies,
 * emails or names. The metrics (shared/support/metrics.ts): Requests by route group and status
 * class, RequestDuration and, on a function instance's first request, ColdStarts; flushed here with
 * whatever the request's code added, once per request.
 *
 * Being outermost it also sees every response last, data and problems alike, and marks it
 * `Cache-Control: no-store`: the API answers with personal data and presigned URLs, and no
 * shared cache (CDN, proxy) may keep an authenticated answer.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { Route } from '../route.ts';
import type { ApiContext, ApiEvent, ApiRequest, ApiResponse } from '../context.ts';
import { enterInvocation, type Invocation } from '../../support/invocation.ts';
import { logger } from '../../support/logger.ts';
import { METRICS, routeGroupOf, type StatusClass } from '../../support/metric-catalogue.ts';
import { addMetric, flushMetrics } from '../../support/metrics.ts';

/** The tenant a validated input names, for the log line of a request refused before authorization set one. */
function tenantNamed(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { organizationId, workspaceId } = input as Record<string, unknown>;
  const id = organizationId ?? workspaceId;
  return typeof id === 'string' ? id : undefined;
}

export const statusClassOf = (status: number) =>
  `${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as StatusClass;

export function observe(route: Route): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const routeGroup = routeGroupOf(route.path);
  // One `observe` per handler module, so per function instance in Lambda (and per handler locally).
  let cold = true;
  const invocations = new WeakMap<ApiRequest, { invocation: Invocation; coldStart: boolean }>();
  const done = (request: ApiRequest) => {
    if (request.response) request.response.headers = { ...request.response.headers, 'cache-control': 'no-store' };
    const state = request.context.state;
    const { invocation, coldStart } = invocations.get(request)!;
    const status = request.response?.statusCode ?? 500;
    const durationMs = Math.round((performance.now() - state.startedAt) * 100) / 100;
    const { dynamoCalls, consumedCapacity, retries, throttles } = invocation.tally;
    logger.info('request', {
      route: route.key,
      routeGroup,
      status,
      durationMs,
      requestId: state.requestId,
      userId: state.caller?.userId,
      agent: state.caller?.agent,
      tenantId: state.tenant?.tenantId ?? tenantNamed(state.input),
      coldStart,
      dynamoCalls,
      consumedCapacity: Math.round(consumedCapacity * 100) / 100,
      retries,
      throttles,
    });
    addMetric(METRICS.requests, { routeGroup, statusClass: statusClassOf(status) }, 1, 'Count', invocation);
    addMetric(METRICS.requestDuration, { routeGroup }, durationMs, 'Milliseconds', invocation);
    if (coldStart) addMetric(METRICS.coldStarts, { routeGroup }, 1, 'Count', invocation);
    flushMetrics(invocation);
  };
  return {
    before: (request) => {
      // The request's retries stop with time left to answer (shared/db/table/retry.ts).
      invocations.set(request, {
        invocation: enterInvocation(request.context?.getRemainingTimeInMillis?.()),
        coldStart: cold,
      });
      cold = false;
      request.context.state = {
        route,
        requestId: request.event.requestContext?.requestId || randomUUID(),
        startedAt: performance.now(),
        rawInput: {},
        fromPath: new Map(),
      };
    },
    after: done,
    onError: done,
  };
}
