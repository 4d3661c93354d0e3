/**
 * An export's file, streamed into S3 while its rows are produced: `@aws-sdk/lib-storage`'s Upload
 * reads the stream and sends it as a multipart upload (parts of 5 MiB, at most a few in memory at
 * once), so a tenant's export never sits whole in memory; a small file goes as one PutObject. A
 * failure aborts the upload (no parts left behind; the bucket's lifecycle rule aborts any that a
 * crash leaves). The object carries its Content-Type and an attachment Content-Disposition.
 *
 * Its own S3 client rather than storage-writes/cloud.ts's: that one bounds each call to what an API
 * request has (a few seconds); an export's parts may take longer, within the worker's timeout.
 */
import { PassThrough } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { config } from '../../config.ts';
import { attachmentDisposition } from '../storage-urls/port.ts';
import type { ObjectStream } from './port.ts';

let client: S3Client | undefined;
let clientEndpoint: string | undefined;

/** Forget the client, so the next use reads the configuration again (tests, the bench). */
export function forgetExportFilesClient(): void {
  client = undefined;
}

function s3(): S3Client {
  const endpoint = config.s3Endpoint();
  if (client && clientEndpoint !== endpoint) client = undefined;
  clientEndpoint = endpoint;
  client ??= new S3Client({
    region: config.region(),
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    maxAttempts: 5,
  });
  return client;
}

export function streamObject(bucket: string, key: string, contentType: string, fileName: string): ObjectStream {
  const body = new PassThrough();
  const upload = new Upload({
    client: s3(),
    params: {
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentDisposition: attachmentDisposition(fileName),
    },
    queueSize: 2,
    leavePartsOnError: false,
  });
  const done = upload.done();
  // Observed here so that a failure before finish() is not an unhandled rejection; finish() rethrows it.
  done.catch(() => undefined);
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) => {
        if (body.write(text)) resolve();
        else {
          const onError = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
          body.once('drain', () => {
            body.off('error', onError);
            resolve();
          });
          body.once('error', onError);
          // A failed upload stops reading: surface it rather than wait for a drain that never comes.
          done.catch(onError);
        }
      }),
    finish: async () => {
      body.end();
      await done;
    },
    abort: async () => {
      await upload.abort().catch(() => undefined);
      body.destroy();
      await done.catch(() => undefined);
    },
  };
}
