/**
 * Calls the service in-process, exactly as the local server does (route table, payload 2.0 event,
 * handler module), without HTTP. For handler tests against DynamoDB Local.
 */
import { dispatch } from '../../infra/local/dispatch.ts';

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

export async function call(method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | undefined;
  if (options.rawBody !== undefined) body = Buffer.from(options.rawBody);
  else if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  const response = await dispatch({ method, url, headers, body });
  const text = typeof response.body === 'string' ? response.body : '';
  return {
    status: response.statusCode,
    headers: Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
    body: text ? JSON.parse(text) : undefined,
  };
}
