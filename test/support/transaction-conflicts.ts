/**
 * Cancels TransactWriteItems calls the way DynamoDB does when another transaction holds one of
 * their items (`TransactionConflict`), against the real emulator: for tests of retry paths.
 */
import { documentClient } from '../../shared/db/table/client.ts';

export interface ConflictInjector {
  /** Cancels the next `n` transactions. */
  inject(n: number): void;
  /** How many injected cancellations are still to come. */
  remaining(): number;
}

/** Installs the injector on the document client (once per test file; inert until `inject`). */
export function transactionConflicts(): ConflictInjector {
  let pending = 0;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (/^TransactWrite/.test(context.commandName ?? '') && pending > 0) {
        pending--;
        const items = (args.input as { TransactItems: unknown[] }).TransactItems;
        throw Object.assign(new Error('Transaction cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: items.map((_, i) => ({ Code: i === items.length - 1 ? 'TransactionConflict' : 'None' })),
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectTransactionConflict' },
  );
  return {
    inject: (n) => {
      pending = n;
    },
    remaining: () => pending,
  };
}
