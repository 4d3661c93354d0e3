/**
 * The API Gateway stand-in: matches a request against the route table and builds the HTTP API
 * (payload format 2.0) event and Lambda context that the handler would receive in the cloud.
 */
import { randomUUID } from 'node:crypto';
import type { RouteMatch } from '../../functions/route-match.ts';
import { gatewayPath } from '../../functions/routes.ts';
import type { ApiEvent } from '../../shared/http/context.ts';

export { matchRoute, type RouteMatch } from '../../functions/route-match.ts';

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
  for (const [key, value] of new URLSearchParams(rawQueryString))
    query[key] = key in query ? `${query[key]},${value}` : value;
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

export { lambdaContext } from './lambda-context.ts';
