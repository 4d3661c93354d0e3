/**
 * The real parts of a refresh: the platform adapters (shared/integrations/platforms) with their
 * credentials, and the snapshot and rollup writer (shared/db/snapshots.ts).
 *
 * Interim: those two modules are being written (issue 13, parts A and B). Until they are wired
 * here every reading fails, so messages are retried and dead-lettered and every activity stays
 * due in the index: nothing is lost or marked wrongly meanwhile.
 */
import type { RefreshDeps } from './refresh.ts';

export async function platformDeps(): Promise<RefreshDeps> {
  const notWired = () => Promise.reject(new Error('The platform adapters and the snapshot writer are not wired yet'));
  return {
    adapterFor: (platform) => ({ platform, maxIdsPerCall: 50, readContent: notWired, readFollowers: notWired }),
    recordReadings: notWired,
    markUnavailable: notWired,
    now: () => new Date(),
  };
}
