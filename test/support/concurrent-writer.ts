/**
 * A concurrent writer for race tests: work run once, just before the service's next
 * TransactWriteItems is sent (the work's own writes pass through unhindered), with an SDK
 * middleware on the service's document client.
 */
import { documentClient } from '../../shared/db/table/client.ts';

let pending: (() => Promise<void>) | undefined;
let installed = false;

/** Runs `work` once, just before the next TransactWriteItems the service sends. */
export function beforeNextTransaction(work: () => Promise<void>): void {
  if (!installed) {
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (/^TransactWrite/.test(context.commandName ?? '')) {
          const before = pending;
          pending = undefined;
          await before?.();
        }
        return next(args);
      },
      { step: 'initialize', name: 'concurrentWriter' },
    );
    installed = true;
  }
  pending = work;
}

/** Whether the work given is still waiting for a transaction (a test expects it to have run). */
export const concurrentWritePending = () => pending !== undefined;
