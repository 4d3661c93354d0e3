/**
 * The real parts of a refresh: the platform adapters (shared/integrations/platforms) with their
 * credentials (Secrets Manager in the cloud, the environment locally), and the snapshot and rollup
 * writer (shared/db/metrics/snapshots.ts).

 */
import { markUnavailable, recordReadings } from '../../../shared/db/metrics/index.ts';
import { getPlatforms } from '../../../shared/integrations/platforms/index.ts';
import type { RefreshDeps } from './refresh.ts';

export async function platformDeps(): Promise<RefreshDeps> {
  return {
    adapterFor: await getPlatforms().adapters(),
    recordReadings,
    markUnavailable,
    now: () => new Date(),
  };
}
