/**
 * An export's file, written while its rows are produced: the worker writes text as it reads the
 * tenant's pages, never holding the whole file. S3 multipart in the cloud (cloud.ts); locally the
 * same client pointed at the S3 emulator by `S3_ENDPOINT` (that configuration is the local implementation).
 */
export interface ObjectStream {
  /** Writes text; resolves once the stream can take more (backpressure), so rows are produced no faster than they are sent. */
  write(text: string): Promise<void>;
  /** Ends the stream and waits for the upload to complete. */
  finish(): Promise<void>;
  /** Abandons the upload (its parts are aborted). */
  abort(): Promise<void>;
}

export interface ExportFiles {
  /** Opens the object's stream, to be named on download by `fileName` (an attachment). */
  streamObject(bucket: string, key: string, contentType: string, fileName: string): ObjectStream;
}
