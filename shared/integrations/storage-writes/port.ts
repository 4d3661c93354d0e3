/**
 * What functions write to object storage themselves (a text file's content, copying an uploaded
 * avatar into place, deleting avatars and files). Storage that is busy or unreachable for now
 * fails with the domain's `RateLimitedError` (a 429, retry shortly), never a 500; a refusal (access
 * denied, no such bucket) stays a server error.
 */

export interface StorageWrites {
  /** Writes one object with its content type (its length is the body's). */
  putObject(bucket: string, key: string, contentType: string, body: Uint8Array): Promise<void>;
  /** Copies one object to another key of the same bucket; false when the source does not exist. */
  copyObject(bucket: string, fromKey: string, toKey: string): Promise<boolean>;
  /** Deletes one object; a missing one is already deleted. */
  deleteObject(bucket: string, key: string): Promise<void>;
  /** Deletes many objects of one bucket, each whatever the others do; resolves to those not deleted, and why. */
  deleteObjects(bucket: string, objectKeys: readonly string[]): Promise<NotDeleted[]>;
}

/** An object `deleteObjects` did not delete, with the error its delete failed with. */
export interface NotDeleted {
  objectKey: string;
  error: unknown;
}
