/**
 * The object writes of this environment: S3 (cloud.ts); locally the same client, pointed at the S3
 * emulator by `S3_ENDPOINT` (that configuration is the local implementation).
 * Callers import this module whole (`import * as storageWrites from '.../storage-writes/index.ts'`).
 */
import * as s3 from './cloud.ts';
import type { StorageWrites } from './port.ts';

let chosen: StorageWrites | undefined;

/** Puts another implementation in place (a test); undefined goes back to the configured one, read afresh. */
export function useStorageWrites(impl: StorageWrites | undefined): void {
  chosen = impl;
  if (!impl) s3.forgetS3Writes();
}

// The port's operations, each the one put in place, else the configured one's: separate functions,
// so that a bundle keeps only the operations its function calls.
export const putObject: StorageWrites['putObject'] = (...args) =>
  chosen ? chosen.putObject(...args) : s3.putObject(...args);
export const copyObject: StorageWrites['copyObject'] = (...args) =>
  chosen ? chosen.copyObject(...args) : s3.copyObject(...args);
export const deleteObject: StorageWrites['deleteObject'] = (...args) =>
  chosen ? chosen.deleteObject(...args) : s3.deleteObject(...args);
export const deleteObjects: StorageWrites['deleteObjects'] = (...args) =>
  chosen ? chosen.deleteObjects(...args) : s3.deleteObjects(...args);
