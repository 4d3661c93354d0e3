/**
 * One HTTP POST of a webhook delivery to a vetted destination (destination.ts): the connection goes
 * to the vetted address whatever the name resolves to by then (`lookup` pinned), TLS still checks
 * the certificate against the URL's host name, redirects are not followed (a 3xx is an answer like
 * any non-2xx), and the whole exchange is bounded by `timeoutMs`. The response body is read and
 * thrown away, never stored or logged. `request` is injectable: the tests give their own socket
 * layer and see what would have been connected to.
 */
import type { LookupFunction } from 'node:net';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { VettedDestination } from './destination.ts';

export type RequestFunction = (
  url: URL,
  options: RequestOptions,
  callback: (response: IncomingMessage) => void,
) => ClientRequest;

export const nodeRequest: RequestFunction = (url, options, callback) =>
  url.protocol === 'https:' ? httpsRequest(url, options, callback) : httpRequest(url, options, callback);

export type SendResult = { kind: 'response'; status: number } | { kind: 'timeout' } | { kind: 'connection_failed' };

/** A `lookup` that answers the vetted address, whatever it is asked. */
function pinnedLookup({ address, family }: VettedDestination['address']): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

export function postDelivery(
  destination: VettedDestination,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, request = nodeRequest }: { timeoutMs: number; request?: RequestFunction },
): Promise<SendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = request(
      destination.url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'creator-measurement-webhooks/1',
        },
        lookup: pinnedLookup(destination.address),
        // No pooled socket: each delivery resolves and connects afresh.
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => settle({ kind: 'response', status: response.statusCode ?? 0 }));
        response.on('error', () => settle({ kind: 'response', status: response.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => {
      settle({ kind: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => settle({ kind: 'connection_failed' }));
    req.end(body);
  });
}
