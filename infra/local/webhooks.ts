/**
 * Webhooks on this machine (`npm start`): the cloud's fan-out and delivery worker run in-process.
 * The table stream's reader (infra/local/table-stream.ts) hands its records to the fan-out's Lambda
 * handler (functions/jobs/fan-out-webhook-events.ts), and reads again a batch whose handler reported
 * a failure. Deliveries go on an in-process queue whose messages are attempted in
 * parallel by the worker's step (functions/jobs/webhooks/deliver.ts); a retry waits the real
 * schedule's delay, multiplied by LOCAL_WEBHOOK_RETRY_SCALE (default 1; a test sets it small). The
 * local runtime sets WEBHOOK_LOCAL_DELIVERY=127.0.0.1, so deliveries go to 127.0.0.1 and nowhere
 * else (shared/webhooks/destination.ts).
 */
import { handler as fanOutHandler } from '../../functions/jobs/fan-out-webhook-events.ts';
import { attemptDelivery } from '../../functions/jobs/webhooks/deliver.ts';
import {
  useWebhookQueue,
  type DeliveryMessage,
  type WebhookQueue,
} from '../../shared/integrations/webhook-queue/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { inFlight } from './background.ts';
import type { StreamConsumer } from './table-stream.ts';

/** The retry delays' multiplier: LOCAL_WEBHOOK_RETRY_SCALE, a positive number (default 1, the real schedule). */
export function retryScale(): number {
  const raw = process.env.LOCAL_WEBHOOK_RETRY_SCALE;
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!(scale > 0)) throw new Error(`LOCAL_WEBHOOK_RETRY_SCALE must be a positive number, not ${JSON.stringify(raw)}`);
  return scale;
}

/** The in-process delivery queue: each message attempted at once, a retry after its (scaled) delay. */
export class LocalWebhookQueue implements WebhookQueue {
  private timers = new Set<NodeJS.Timeout>();
  private readonly attempts = inFlight();

  constructor(private readonly scale = retryScale()) {}

  async send(messages: readonly DeliveryMessage[]): Promise<void> {
    for (const message of messages) this.later(message, 0);
  }

  private later(message: DeliveryMessage, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempts.track(this.attempt(message));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(message: DeliveryMessage): Promise<void> {
    try {
      const result = await attemptDelivery(message);
      if (result.kind === 'retry') this.later(message, result.delaySeconds * 1000 * this.scale);
    } catch (error) {
      // As SQS would hand it back after its visibility timeout; locally after the first retry delay.
      logger.error('local webhooks: attempt threw', {
        deliveryId: message.deliveryId,
        error: error instanceof Error ? error.message : String(error),
      });
      this.later(message, 5_000 * this.scale);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.attempts.settled();
  }
}

export interface LocalWebhooks {
  stop(): Promise<void>;
}

/** The fan-out as a consumer of the local table stream: its batch is read again when a record failed. */
export const fanOutWebhookEvents: StreamConsumer = async (records) => ({
  retry: (await fanOutHandler({ Records: records })).batchItemFailures.length > 0,
});

/** Plugs the in-process delivery queue in (the fan-out is fed by the table stream's reader). */
export function startLocalWebhooks(): LocalWebhooks {
  const queue = new LocalWebhookQueue();
  useWebhookQueue(queue);
  return {
    stop: async () => {
      await queue.stop();
      useWebhookQueue(undefined);
    },
  };
}
