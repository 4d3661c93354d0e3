/**
 * Presigned URLs of S3 (the StorageUrls port). Locally the same signer, pointed by `S3_ENDPOINT` at
 * `npm start`'s S3 emulator (s3rver, path-style URLs): that configuration is the local implementation.
 *
 * Presigning uses the SDK's S3RequestPresigner on a request we describe ourselves instead of
 * `getSignedUrl(new S3Client(), command)`: the S3 client would add ~140 KB to the function bundle
 * (and its import time to cold starts) only to build a URL. The SDK still does all the signing;
 * credentials come from the same default provider chain the DynamoDB client uses. What a function
 * writes or deletes itself goes through the S3 client, in storage-writes/cloud.ts, which only the
 * functions that write bundle.
 */
import { createHash, createHmac, type BinaryLike } from 'node:crypto';
import type { SourceData } from '@smithy/types';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { config } from '../../config.ts';
import { attachmentDisposition, type PresignedRequest, type StorageUrls } from './port.ts';

function bytes(data: SourceData): BinaryLike {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** SHA-256 (or HMAC-SHA-256 with a secret) in the shape the SDK's signer expects. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

let presigner: S3RequestPresigner | undefined;

function s3Presigner(): S3RequestPresigner {
  presigner ??= new S3RequestPresigner({ credentials: defaultProvider(), region: config.region(), sha256: Sha256 });
  return presigner;
}

/** Where an object lives: path style on the local emulator, virtual-hosted style on AWS. */
function objectLocation(bucket: string, key: string) {
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');
  const endpoint = config.s3Endpoint();
  const url = endpoint
    ? new URL(`${endpoint.replace(/\/$/, '')}/${bucket}/${encodedKey}`)
    : new URL(`https://${bucket}.s3.${config.region()}.amazonaws.com/${encodedKey}`);
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
  };
}

async function presign(
  method: 'PUT' | 'GET',
  bucket: string,
  key: string,
  headers: Record<string, string>,
  query: Record<string, string>,
  expiresInSeconds: number,
): Promise<PresignedRequest> {
  const signed = await s3Presigner().presign(
    { method, ...objectLocation(bucket, key), headers: { ...headers }, query: { ...query } },
    { expiresIn: expiresInSeconds, signableHeaders: new Set(Object.keys(headers)) },
  );
  const search = new URLSearchParams(signed.query as Record<string, string>).toString().replace(/\+/g, '%20');
  const port = signed.port ? `:${signed.port}` : '';
  return {
    url: `${signed.protocol}//${signed.hostname}${port}${signed.path}?${search}`,
    method,
    headers,
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  };
}

/**
 * A presigned PUT that signs the content type and length, so the upload can be neither another
 * type nor another size than the one the API accepted.
 */
export function presignUpload(
  bucket: string,
  key: string,
  contentType: string,
  contentLength: number,
  expiresInSeconds = 300,
) {
  return presign(
    'PUT',
    bucket,
    key,
    { 'content-type': contentType, 'content-length': String(contentLength) },
    {},
    expiresInSeconds,
  );
}

/** A presigned GET; `downloadName` makes S3 answer with a Content-Disposition naming the file. */
export function presignDownload(bucket: string, key: string, downloadName?: string, expiresInSeconds = 300) {
  const query: Record<string, string> = downloadName
    ? { 'response-content-disposition': attachmentDisposition(downloadName) }
    : {};
  return presign('GET', bucket, key, {}, query, expiresInSeconds);
}

export const s3Urls: StorageUrls = { presignUpload, presignDownload };

/** Forget the signer, so the next use reads the configuration again (tests, the local server). */
export function forgetS3Urls(): void {
  presigner = undefined;
}
