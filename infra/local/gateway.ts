/**
 * The API Gateway stand-in: matches a request against the route table and builds the HTTP API
 * (payload format 2.0) event and Lambda context that the handler would receive in the cloud.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { gatewayPath, routes, type Route } from '../../functions/routes.ts';
import type { ApiEvent } from '../../shared/http/context.ts';

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Static segments outrank parameters, as in API Gateway (`/v1/activities/count` before `/:id`). */
  specificity: number;
}

const compiled: CompiledRoute[] = routes
  .map((route) => {
    const names: string[] = [];
    const segments = route.path.split('/').filter(Boolean);
    const pattern = segments
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    const specificity = segments.reduce((score, s, i) => score + (s.startsWith(':') ? 0 : 2 ** (16 - i)), 0);
    return { route, pattern: new RegExp(`^/${pattern}/?$`), names, specificity };
  })
  .sort((a, b) => b.specificity - a.specificity);

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

/** The route for a method and path, or undefined when there is none (the API's `$default`). */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const candidate of compiled) {
    if (candidate.route.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    try {
      candidate.names.forEach((name, i) => {
        pathParameters[name] = decodeURIComponent(match[i + 1]!);
      });
    } catch {
      return undefined; // malformed percent-encoding: no route can match it
    }
    return { route: candidate.route, pathParameters };
  }
  return undefined;
}

export interface GatewayRequest {
  method: string;
  /** Path with query string, as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
}

/** The payload 2.0 event for a request; `match` undefined builds the `$default` route's event. */
export function gatewayEvent(request: GatewayRequest, match: RouteMatch | undefined): ApiEvent {
  const [rawPath = '/', rawQueryString = ''] = request.url.split(/\?(.*)/s);
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name.toLowerCase() === 'cookie') cookies.push(...[value].flat());
    else headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // Like API Gateway: repeated query keys are joined with commas; rawQueryString keeps them apart.
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) query[key] = key in query ? `${query[key]},${value}` : value;
  const body = request.body?.length ? request.body : undefined;
  const textual = body !== undefined && /^(application\/(json|.*\+json)|text\/)/i.test(headers['content-type'] ?? '');
  const now = new Date();
  const routeKey = match ? `${match.route.method} ${gatewayPath(match.route.path)}` : '$default';
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(match && Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body === undefined
      ? {}
      : textual
        ? { body: body.toString('utf8'), isBase64Encoded: false }
        : { body: body.toString('base64'), isBase64Encoded: true }),
  } as ApiEvent;
}

/** A Lambda context with the parts handlers and middy use. */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
