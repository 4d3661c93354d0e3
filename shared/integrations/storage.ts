/**
 * Private object storage (S3) behind presigned URLs: the client uploads and downloads directly,
 * never through the API. Module-scope client; the endpoint is overridable for the local emulator.
 */
import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config.ts';

let client: S3Client | undefined;

export function s3Client(): S3Client {
  const endpoint = config.s3Endpoint();
  client ??= new S3Client({
    region: config.region(),
    // The local emulator serves buckets by path, not by virtual host.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
  return client;
}

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the upload must send exactly: they are part of the signature. */
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * A presigned PUT that signs the content type and length, so the upload can be neither another
 * type nor another size than the one the API accepted.
 */
export async function presignUpload(
  bucket: string,
  key: string,
  contentType: string,
  contentLength: number,
  expiresInSeconds = 300,
): Promise<PresignedUpload> {
  const url = await getSignedUrl(
    s3Client(),
    new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: contentLength }),
    { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return {
    url,
    method: 'PUT',
    headers: { 'content-type': contentType, 'content-length': String(contentLength) },
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  };
}

export function resetStorage(): void {
  client?.destroy();
  client = undefined;
}
