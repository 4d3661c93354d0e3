/**
 * The first-import starter of this environment. In the cloud nobody is called: the scheduled
 * import (infra/analytics-import.ts) backfills every connected property not imported yet on its
 * next run, so the route needs no permission beyond its own. Locally `npm start` plugs in
 * (`useFirstImportStarter`) an in-process starter that runs the import at once in the background
 * (infra/local/first-import.ts); with neither (handler tests), the property simply waits for the
 * import job, as in the cloud. `useFirstImportStarter(undefined)` takes it out.
 */
import type { FirstImportStarter } from './port.ts';

/** The cloud's: the scheduled import does it. */
const scheduledImport: FirstImportStarter = { start: () => {} };

let chosen: FirstImportStarter | undefined;

export function getFirstImportStarter(): FirstImportStarter {
  return chosen ?? scheduledImport;
}

export function useFirstImportStarter(starter: FirstImportStarter | undefined): void {
  chosen = starter;
}
