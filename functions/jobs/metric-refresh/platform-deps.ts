/**
 * The real parts of a refresh: the platform adapters (shared/integrations/platforms) with their
 * credentials (Secrets Manager in the cloud, the environment locally), and the snapshot and rollup
 * writer (shared/db/snapshots.ts).
 *
 * Interim: the writer is being written (issue 13, part B). Until it is wired here every reading
 * fails at the write, so messages are retried and dead-lettered and every activity stays due in
 * the index: nothing is lost or marked wrongly meanwhile.
 */
import { adapterFor, loadPlatformConfig } from '../../../shared/integrations/platforms/index.ts';
import type { RefreshDeps } from './refresh.ts';

export async function platformDeps(): Promise<RefreshDeps> {
  const config = await loadPlatformConfig();
  const notWired = () => Promise.reject(new Error('The snapshot writer is not wired yet'));
  return {
    adapterFor: (platform) => adapterFor(platform, config),
    recordReadings: notWired,
    markUnavailable: notWired,
    now: () => new Date(),
  };
}
