/**
 * The object writes of this environment: S3 (cloud.ts), locally the same client pointed at the S3
 * emulator by `S3_ENDPOINT`. `useStorageWrites` puts another implementation in its place (a test);
 * `useStorageWrites(undefined)` goes back to the configured one, read afresh.
 */
import { forgetS3Writes, s3Writes } from './cloud.ts';
import type { StorageWrites } from './port.ts';

let chosen: StorageWrites | undefined;

export function getStorageWrites(): StorageWrites {
  return chosen ?? s3Writes;
}

export function useStorageWrites(impl: StorageWrites | undefined): void {
  chosen = impl;
  if (!impl) forgetS3Writes();
}
