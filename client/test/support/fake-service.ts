/**
 * A small HTTP server standing in for the service in the client's tests: each test says how it
 * answers, and reads back what the client sent. Runs on 127.0.0.1, a free port.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON, unless a string. */
  body?: unknown;
}

export interface FakeService {
  url: string;
  /** Every request, in the order received. */
  received: Received[];
  /** How the next requests are answered (replaces the previous way). */
  answer(with_: (request: Received) => Answer): void;
  stop(): Promise<void>;
}

export const problem = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}) => ({
  type: `/problems/${code.replaceAll('_', '-')}`,
  title: 'A title',
  status,
  detail,
  code,
  requestId: 'req-1',
  ...extra,
});

export async function startFakeService(): Promise<FakeService> {
  const received: Received[] = [];
  let answering: (request: Received) => Answer = () => ({ status: 500, body: 'no answer set' });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: new URL(req.url!, 'http://fake'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const { status, headers = {}, body } = answering(request);
      const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      const type =
        typeof body === 'string' ? 'text/plain' : status >= 400 ? 'application/problem+json' : 'application/json';
      res.writeHead(status, {
        ...(text ? { 'content-type': type } : {}),
        'content-length': Buffer.byteLength(text),
        ...headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (with_) => {
      answering = with_;
    },
    stop: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A list of `count` records served by `pageIndex`/`pageSize`, as the service pages: `{items, totalCount, facets}`, `_meta` in Form A. */
export function pagedList(count: number, form: 'A' | 'B') {
  const all = Array.from({ length: count }, (_, i) => ({ id: `id-${i}`, name: `Record ${i}` }));
  return (request: Received): Answer => {
    const pageIndex = Number(request.url.searchParams.get('pageIndex'));
    const pageSize = Number(request.url.searchParams.get('pageSize'));
    const items = all.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
    return {
      status: 200,
      body: {
        items,
        totalCount: all.length,
        facets: {},
        ...(form === 'A' ? { _meta: { requestId: 'r', generatedAt: new Date().toISOString() } } : {}),
      },
    };
  };
}
