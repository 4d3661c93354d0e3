/**
 * What functions write to S3 themselves (the StorageWrites port: a text file's content, copying an
 * uploaded avatar into place, deleting avatars and files): the SDK's S3Client, with its standard retries (throttling, 5xx and timeouts, backed off) and bounded
 * time: each attempt must connect within CONNECT_MS and finish within ATTEMPT_MS, and a call gives
 * up after CALL_MS, within the 10 s a function has. What S3 still could not do then is a 429
 * `rate_limited` (retry shortly), never a 500; a refusal (access denied, no such bucket) stays a
 * server error. Only the modules that write use this port, so only their functions bundle the
 * client; presigned URLs are a port of their own (storage-urls). Locally the same client, pointed by
 * `S3_ENDPOINT` at `npm start`'s S3 emulator (s3rver): that configuration is the local implementation.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { config } from '../../config.ts';
import { RateLimitedError } from '../../domain/errors.ts';
import { logger } from '../../support/logger.ts';
import type { NotDeleted, StorageWrites } from './port.ts';

const CONNECT_MS = 1_000;
const ATTEMPT_MS = 2_500;
const CALL_MS = 6_000;
/** The SDK's standard retry mode: this many attempts in all, with exponential backoff and jitter. */
export const S3_ATTEMPTS = 3;

let client: S3Client | undefined;
let clientEndpoint: string | undefined;

/** One client per process; made again when S3_ENDPOINT changes (tests point it elsewhere). */
function s3(): S3Client {
  const endpoint = config.s3Endpoint();
  if (client && clientEndpoint !== endpoint) forgetS3Writes();
  clientEndpoint = endpoint;
  client ??= new S3Client({
    region: config.region(),
    // The local emulator answers on one host, buckets in the path.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    maxAttempts: S3_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_MS, requestTimeout: ATTEMPT_MS },
  });
  return client;
}

/** Forget the client (tests and the local server change S3_ENDPOINT). */
export function forgetS3Writes(): void {
  client?.destroy();
  client = undefined;
}

/** S3 (or the way to it) failing for now, as opposed to refusing the request. */
function isTransient(error: unknown): boolean {
  if (
    error instanceof Error &&
    (error.name === 'TimeoutError' ||
      error.name === 'AbortError' ||
      /ECONNRESET|ECONNREFUSED|ETIMEDOUT|socket hang up/.test(error.message))
  )
    return true;
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode ?? 0;
  return status >= 500 || status === 429 || error.name === 'SlowDown' || error.$retryable?.throttling === true;
}

async function send(
  what: string,
  key: string,
  command: PutObjectCommand | CopyObjectCommand | DeleteObjectCommand,
): Promise<void> {
  try {
    await s3().send(command as PutObjectCommand, { abortSignal: AbortSignal.timeout(CALL_MS) });
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const attempts = error instanceof S3ServiceException ? error.$metadata.attempts : undefined;
    logger.warn(`s3 ${what} failed`, {
      key,
      errorName: error instanceof Error ? error.name : typeof error,
      status,
      attempts,
    });
    if (isTransient(error)) throw new RateLimitedError('File storage is busy; retry shortly.', 1);
    throw error;
  }
}

/** Writes one object with its content type (its length is the body's). */
export function putObject(bucket: string, key: string, contentType: string, body: Uint8Array): Promise<void> {
  return send(
    'put',
    key,
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      ContentType: contentType,
      Body: body,
      ContentLength: body.byteLength,
    }),
  );
}

/**
 * Copies one object to another key of the same bucket, with its content type and metadata; false
 * when the source does not exist. Without s3:ListBucket (which the functions are not granted: it
 * would let them list every key of the bucket) S3 answers a missing source with 403 AccessDenied,
 * not 404, so both mean "no such object" here; the grant of s3:GetObject on the source and
 * s3:PutObject on the target is checked by the CDK tests (test/infra/data-hygiene.test.ts).
 */
export async function copyObject(bucket: string, fromKey: string, toKey: string): Promise<boolean> {
  const source = `${bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
  try {
    await send('copy', toKey, new CopyObjectCommand({ Bucket: bucket, Key: toKey, CopySource: source }));
    return true;
  } catch (error) {
    if (error instanceof S3ServiceException && [403, 404].includes(error.$metadata.httpStatusCode ?? 0)) return false;
    throw error;
  }
}

/** Deletes one object; a missing one is already deleted. */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  try {
    await send('delete', key, new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    // S3 answers 204 for a missing key; an emulator or a proxy may say 404.
    if (
      !(error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
    )
      throw error;
  }
}

/** Objects deleted at once by `deleteObjects`. */
const PARALLEL_DELETES = 10;

/** Deletes many objects of one bucket, a few requests at a time, each whatever the others do; resolves to those not deleted. */
export async function deleteObjects(bucket: string, objectKeys: readonly string[]): Promise<NotDeleted[]> {
  const notDeleted: NotDeleted[] = [];
  for (let i = 0; i < objectKeys.length; i += PARALLEL_DELETES) {
    const batch = objectKeys.slice(i, i + PARALLEL_DELETES);
    const outcomes = await Promise.allSettled(batch.map((key) => deleteObject(bucket, key)));
    outcomes.forEach((outcome, j) => {
      if (outcome.status === 'rejected') notDeleted.push({ objectKey: batch[j]!, error: outcome.reason });
    });
  }
  return notDeleted;
}

export const s3Writes: StorageWrites = { putObject, copyObject, deleteObject, deleteObjects };
