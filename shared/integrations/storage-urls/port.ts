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
  presignUpload(
    bucket: string,
    key: string,
    contentType: string,
    contentLength: number,
    expiresInSeconds?: number,
  ): Promise<PresignedRequest>;
  /** A presigned GET; `downloadName` makes storage answer with a Content-Disposition naming the file. */
  presignDownload(
    bucket: string,
    key: string,
    downloadName?: string,
    expiresInSeconds?: number,
  ): Promise<PresignedRequest>;
}

/**
 * `attachment` naming the file in one RFC 6266 `filename*` parameter, its value encoded as RFC 8187
 * says: UTF-8, every byte outside attr-char percent-encoded. `encodeURIComponent` leaves
 * `'()*` as they are, which attr-char does not allow, so those are encoded too; no character of a
 * name (quote, semicolon, CR, LF) can then end the value or add a parameter or header.
 */
export function attachmentDisposition(fileName: string): string {
  const value = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${value}`;
}
