/**
 * Private object storage behind presigned URLs: the client uploads and downloads directly, never
 * through the API. A port of its own, apart from what functions write themselves
 * (storage-writes/port.ts): signing a URL needs no storage client, and a function that only signs
 * must not bundle one.
 */

export interface PresignedRequest {
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the request must send exactly: they are part of the signature. */
  headers: Record<string, string>;
  expiresAt: string;
}

export interface StorageUrls {
  /** A presigned PUT that fixes the content type and length, so the upload can be neither another type nor another size. */
  presignUpload(bucket: string, key: string, contentType: string, contentLength: number, expiresInSeconds?: number): Promise<PresignedRequest>;
  /** A presigned GET; `downloadName` makes storage answer with a Content-Disposition naming the file. */
  presignDownload(bucket: string, key: string, downloadName?: string, expiresInSeconds?: number): Promise<PresignedRequest>;
}
