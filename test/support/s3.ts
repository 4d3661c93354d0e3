/** The local S3 emulator for one test file: started before its tests, the service pointed at it, stopped after. */
import { afterAll, beforeAll } from 'vitest';
import { startS3Local, type S3Local } from '../../infra/local/s3.ts';
import { resetObjectWrites } from '../../shared/integrations/object-writes.ts';
import { resetStorage } from '../../shared/integrations/storage.ts';

let s3: S3Local | undefined;

/** Starts s3rver (buckets `avatars` and `files`) for the calling test file. */
export function useS3(): void {
  beforeAll(async () => {
    s3 = await startS3Local({ buckets: ['avatars', 'files'] });
    process.env.S3_ENDPOINT = s3.endpoint;
    resetStorage();
    resetObjectWrites();
  });
  afterAll(async () => {
    resetStorage();
    resetObjectWrites();
    await s3?.stop();
  });
}

/** The running emulator's endpoint (inside tests of a file that called `useS3`). */
export function s3Endpoint(): string {
  if (!s3) throw new Error('useS3() was not called in this test file');
  return s3.endpoint;
}
