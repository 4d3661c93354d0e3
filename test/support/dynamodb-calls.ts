/** Counts DynamoDB round trips with an SDK middleware on the service's document client. */
import { documentClient } from '../../shared/db/table/client.ts';

let calls = 0;
let installed = false;

export function countDynamoCalls(): { read(): number } {
  if (!installed) {
    documentClient().middlewareStack.add(
      (next) => async (args) => {
        calls++;
        return next(args);
      },
      { step: 'initialize', name: 'benchCallCounter' },
    );
    installed = true;
  }
  return { read: () => calls };
}
