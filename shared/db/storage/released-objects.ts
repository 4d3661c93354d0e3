/**
 * Stored objects are deleted after the records that name them (the cold-start targets, test/bench/RESULTS.md): a deletion that releases
 * objects (a file's content, an avatar image) records each here, before or in the same write as it
 * deletes the records naming them, and the object sweep (functions/jobs/delete-released-objects.ts,
 * every few minutes) deletes the objects, then these items. So deleting a creator, an activity, a
 * campaign, an organization or an account calls no S3 and carries no S3 client (its cold start),
 * never fails because S3 is busy, and is not bounded by how many files it releases in one request's
 * time. An object outlives its record until the next sweep: unreachable through the API meanwhile,
 * save by a download URL signed before the deletion, which works until the sweep or its own expiry
 * (minutes), whichever comes first.
 *
 * A released object is recorded once however often a deletion is retried (its key is the object's).
 * The sweep deletes an object and only then its item: one S3 refused or failed to delete keeps its
 * item for the next sweep, and the sweep says so.
 */
import * as z from 'zod/mini';
import { config } from '../../config.ts';
import * as storageWrites from '../../integrations/storage-writes/index.ts';
import { logger } from '../../support/logger.ts';
import { defineEntity } from '../table/entity.ts';
import { releasedObjectKeys } from '../table/keys.ts';
import { batchDelete, batchPut } from '../table/operations.ts';
import { queryItemPages, queryRecords } from '../table/query.ts';

/** The buckets whose objects deletions release, by role. */
export const RELEASING_BUCKETS = ['files', 'avatars'] as const;
export type ReleasingBucket = (typeof RELEASING_BUCKETS)[number];

const ReleasedObjects = defineEntity({
  name: 'The released object',
  schema: () =>
    z.object({
      bucket: z.enum(RELEASING_BUCKETS),
      objectKey: z.string(),
      /** When the deletion released it. */
      releasedAt: z.string(),
    }),
  key: releasedObjectKeys.object,
  queries: { all: releasedObjectKeys.all },
});

const releasedItem = (bucket: ReleasingBucket, objectKey: string, releasedAt: string) => ({
  ...ReleasedObjects.key(bucket, objectKey),
  bucket,
  objectKey,
  releasedAt,
});

/** Records objects of one bucket as released (a batch write: call it before deleting the records that name them). */
export async function releaseObjects(bucket: ReleasingBucket, objectKeys: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  await batchPut([...new Set(objectKeys)].map((objectKey) => releasedItem(bucket, objectKey, now)));
}

/** A transaction item recording one object as released, for the transaction that deletes the record naming it. */
export function releaseObjectTx(bucket: ReleasingBucket, objectKey: string) {
  return ReleasedObjects.tx.put(ReleasedObjects.key(bucket, objectKey), {
    bucket,
    objectKey,
    releasedAt: new Date().toISOString(),
  });
}

const bucketName: Record<ReleasingBucket, () => string> = {
  files: () => config.filesBucket(),
  avatars: () => config.avatarsBucket(),
};

export interface SweepResult {
  /** Objects deleted (or found gone), their items removed. */
  deleted: number;
  /** Objects S3 did not delete this time: their items stay for the next sweep. */
  failed: number;
}

/** Deletes every released object, then its item; an object that fails is logged with its key and kept for the next sweep. */
export async function deleteReleasedObjects(): Promise<SweepResult> {
  const result: SweepResult = { deleted: 0, failed: 0 };
  for await (const page of queryItemPages(ReleasedObjects.query.all(), { consistent: true })) {
    const released = page.map((item) => ReleasedObjects.fromItem(item));
    for (const bucket of RELEASING_BUCKETS) {
      const objectKeys = released.filter((o) => o.bucket === bucket).map((o) => o.objectKey);
      const notDeleted = await storageWrites.deleteObjects(bucketName[bucket](), objectKeys);
      for (const { objectKey, error } of notDeleted) {
        logger.error('released object not deleted', {
          bucket,
          objectKey,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      const failed = new Set(notDeleted.map((o) => o.objectKey));
      await batchDelete(objectKeys.filter((key) => !failed.has(key)).map((key) => ReleasedObjects.key(bucket, key)));
      result.deleted += objectKeys.length - failed.size;
      result.failed += failed.size;
    }
  }
  return result;
}

/** Released objects not deleted yet, oldest release first (what the tests read). */
export async function releasedObjects(): Promise<{ bucket: ReleasingBucket; objectKey: string; releasedAt: string }[]> {
  const all = await queryRecords(ReleasedObjects.query.all(), { consistent: true });
  return all.sort((a, b) => a.releasedAt.localeCompare(b.releasedAt));
}
