/**
 * Permanent deletion of a tenant (DELETE /v1/organizations/:id): every item of its partition
 * (memberships, invitations, the aggregate, and every record the other groups keep there by
 * convention, see keys.ts), the record pointers (`ID#<id>`, outside the partition) of those items,
 * and the files-bucket objects they name in `s3Key` (released, for the object sweep).
 *
 * Order, each step idempotent so that calling again after an interruption completes the job:
 * 1. mark the tenant item `deletingAt`: every read treats the tenant as gone from then on, and
 *    membership writes (conditioned on a live tenant) stop;
 * 2. page through the partition: for each page release the files-bucket objects first (the object
 *    sweep deletes them: shared/db/storage), then delete the record pointers, then the items
 *    (BatchWriteItem, 25 at a time, unprocessed items retried with backoff): whatever names
 *    something is deleted last, so a retry finds it again;
 * 3. delete the tenant item last, once a pass over the partition finds nothing else: while the
 *    tenant item exists the deletion is visibly unfinished.
 */
import { notFound } from '../../domain/errors.ts';
import { releaseObjects } from '../storage/released-objects.ts';
import * as keys from '../table/item-keys.ts';
import { deleteRecord, updateRecord } from '../table/entity.ts';
import { batchDelete } from '../table/operations.ts';
import { queryItemPages, queryRecords } from '../table/query.ts';
import { Tenants } from './tenants.ts';

/** Items written to the partition while a pass ran are caught by the next; this bounds the passes. */
const MAX_PASSES = 5;

async function markDeleting(tenantId: string): Promise<void> {
  const now = new Date().toISOString();
  await updateRecord(
    Tenants,
    Tenants.key(tenantId),
    // A retry keeps the first mark. gsi3 lists unfinished deletions for the sweeper job until the
    // tenant item itself is deleted, last.
    {
      setIfAbsent: { deletingAt: now, gsi3sk: `${now}#${tenantId}` },
      set: { updatedAt: now, gsi3pk: keys.tenantsBeingDeleted().gsi3pk },
    },
    { failure: () => notFound('The organization') },
  );
}

/** One pass over the partition; returns how many items (other than the tenant item) it deleted. */
async function sweepPartition(tenantId: string): Promise<number> {
  const tenantSk = keys.tenant(tenantId).sk;
  let deleted = 0;
  for await (const page of queryItemPages(Tenants.query.partition(tenantId), {
    consistent: true,
    attributes: ['pk', 'sk', 'id', 's3Key'],
  })) {
    const items = page.filter((item) => item.sk !== tenantSk);
    // Objects released before the items that name them go (the object sweep deletes them): an
    // interruption in between leaves items that a retry finds again, never objects nobody knows about.
    await releaseObjects(
      'files',
      items.flatMap((item) => (typeof item.s3Key === 'string' && item.s3Key ? [item.s3Key] : [])),
    );
    // Every record's `id` is a uuid of the one id space, so `ID#<id>` can only be its own pointer;
    // deleting a pointer that was never written (memberships, invitations) is a no-op.
    await batchDelete(items.flatMap((item) => (typeof item.id === 'string' ? [keys.recordPointer(item.id)] : [])));
    await batchDelete(items.map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
    deleted += items.length;
  }
  return deleted;
}

/**
 * Deletes the tenant and everything it owns, permanently. Safe to call again after an
 * interruption (it resumes); 404 when the tenant item does not exist (never existed, or done).
 */
export async function deleteTenantCascade(tenantId: string): Promise<void> {
  await markDeleting(tenantId);
  let passes = 0;
  while ((await sweepPartition(tenantId)) > 0) {
    if (++passes >= MAX_PASSES) throw new Error(`Tenant ${tenantId} kept receiving items while being deleted`);
  }
  await deleteRecord(Tenants, Tenants.key(tenantId), { condition: null });
}

/**
 * Finishes deletions that a request started but did not complete (a timeout, a crash): the
 * scheduled sweeper's work. Only deletions marked at least `olderThanMs` ago, so a request still
 * running is left alone. Returns the tenants it completed.
 */
export async function finishInterruptedDeletions(olderThanMs = 5 * 60_000): Promise<string[]> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  // Every page: more unfinished deletions than one page holds are all finished.
  const unfinished = await queryRecords(Tenants.query.deletingBefore(cutoff));
  const finished: string[] = [];
  for (const { id } of unfinished) {
    await deleteTenantCascade(id);
    finished.push(id);
  }
  return finished;
}
