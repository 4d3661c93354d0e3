/**
 * A webhook receiver on 127.0.0.1 for the delivery tests: records every request (headers and raw
 * body) and answers each with the next status of a script (200 once the script runs out); a script
 * may apply only to the requests whose body holds a given text (one event among others).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The statuses of the next answers, in order. */
  answer(...statuses: number[]): void;
  /** The statuses of the next answers to requests whose body holds `text`, in order. */
  answerWhen(text: string, ...statuses: number[]): void;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let script: number[] = [];
  let only: string | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      const scripted = only === undefined || body.includes(only);
      res.writeHead((scripted ? script.shift() : undefined) ?? 200, { 'content-type': 'text/plain' });
      res.end('a body the service must not store');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: (...statuses) => {
      script = statuses;
      only = undefined;
    },
    answerWhen: (text, ...statuses) => {
      script = statuses;
      only = text;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
