/**
 * Exports on this machine: `POST /v1/exports` answers at once and the export runs here, in-process,
 * in the background (in the cloud the queue's worker, infra/exports.ts), into the local S3's
 * exports bucket. One delivery only: what fails is marked failed at once (there is no queue to
 * deliver it again).
 */
import { runExport } from '../../functions/exports/run.ts';
import { useExportQueue } from '../../shared/integrations/export-queue/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { inFlight } from './background.ts';

export interface LocalExports {
  /** Takes the runner out and waits for the exports under way, so that none outlives the table. */
  stop(): Promise<void>;
}

export function startLocalExports(): LocalExports {
  const running = inFlight();
  useExportQueue({
    send: async (message) => {
      running.track(
        runExport(message, { lastDelivery: true }).catch((error: unknown) =>
          logger.error('local export failed', { exportId: message.exportId, error: String(error) }),
        ),
      );
    },
  });
  return {
    stop: async () => {
      useExportQueue(undefined);
      await running.settled();
    },
  };
}
