/**
 * Calls the service in-process, exactly as the local server does (route table, payload 2.0 event,
 * handler module), without HTTP. For handler tests against DynamoDB Local.
 */
import { dispatch } from '../../infra/local/dispatch.ts';
import type { GatewayRequest } from '../../infra/local/gateway.ts';
import type { ApiResponse } from '../../shared/http/context.ts';

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** The HTTP request a test describes: bearer token, JSON body (or a raw one), extra headers. */
export function gatewayRequest(method: string, url: string, options: CallOptions = {}): GatewayRequest {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | undefined;
  if (options.rawBody !== undefined) body = Buffer.from(options.rawBody);
  else if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  return { method, url, headers, body };
}

/** A handler's response with lower-case header names and the body parsed. */
export function callResult(response: ApiResponse): CallResult {
  const text = typeof response.body === 'string' ? response.body : '';
  return {
    status: response.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
    body: text ? JSON.parse(text) : undefined,
  };
}

export async function call(method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  return callResult(await dispatch(gatewayRequest(method, url, options)));
}
