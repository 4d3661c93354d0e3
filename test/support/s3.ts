/**
 * The local S3 emulator for one test file: started before its tests, the service pointed at it,
 * stopped after; and a stand-in S3 endpoint answering what a test says, for failure paths (the
 * SDK's own retries and error parsing run against it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startS3Local, type S3Local } from '../../infra/local/s3.ts';
import { useStorageUrls } from '../../shared/integrations/storage-urls/index.ts';
import { useStorageWrites } from '../../shared/integrations/storage-writes/index.ts';

let s3: S3Local | undefined;
let standIn: Server | undefined;

/** Starts s3rver (buckets `avatars`, `files` and `exports`) for the calling test file; after each test, the service points at it again. */
export function useS3(): void {
  beforeAll(async () => {
    s3 = await startS3Local({ buckets: ['avatars', 'files', 'exports'] });
    process.env.S3_ENDPOINT = s3.endpoint;
    useStorageUrls(undefined);
    useStorageWrites(undefined);
  });
  afterEach(async () => {
    if (s3) process.env.S3_ENDPOINT = s3.endpoint;
    if (standIn) await new Promise((resolve) => standIn!.close(resolve));
    standIn = undefined;
  });
  afterAll(async () => {
    useStorageUrls(undefined);
    useStorageWrites(undefined);
    await s3?.stop();
  });
}

/** The running emulator's endpoint (inside tests of a file that called `useS3`). */
export function s3Endpoint(): string {
  if (!s3) throw new Error('useS3() was not called in this test file');
  return s3.endpoint;
}

/** S3's error document for `code`. */
const s3Error = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code} (stand-in)</Message><RequestId>stub</RequestId></Error>`;

/** What the stand-in answers: a status, with S3's error document for `code` or an XML `body`. */
export interface StandInAnswer {
  status: number;
  code?: string;
  body?: string;
}

/**
 * Points the functions' S3 writes, until the test ends, at a server answering the n-th request
 * (from 1) with `answer(n, request)`; returns the requests it saw (`METHOD /bucket/key`, no query).
 */
export async function standInS3(
  answer: (n: number, request: { method: string; url: string }) => StandInAnswer,
): Promise<{ requests: string[] }> {
  const requests: string[] = [];
  standIn = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests.push(`${req.method} ${req.url?.split('?')[0]}`);
      const { status, code, body } = answer(requests.length, { method: req.method ?? '', url: req.url ?? '' });
      const xml = code ? s3Error(code) : body;
      res.writeHead(status, xml ? { 'content-type': 'application/xml' } : {});
      res.end(xml ?? '');
    });
  });
  await new Promise<void>((resolve) => standIn!.listen(0, '127.0.0.1', resolve));
  process.env.S3_ENDPOINT = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  return { requests };
}
