/**
 * Who runs a newly selected property's first import (its 90-day backfill), which select-property
 * does not wait for. In the cloud nobody is called: the scheduled import (infra/analytics-import.ts)
 * backfills every connected property not imported yet on its next run, so the route needs no
 * permission beyond its own. Locally `npm start` plugs in an in-process starter that runs the
 * import at once in the background (infra/local/server.ts); with neither (handler tests), the
 * property simply waits for the import job, as in the cloud.
 */
type FirstImportStarter = (tenantId: string) => void;

let local: FirstImportStarter | undefined;

/** Plugs in (or, with undefined, takes out) the local in-process starter. */
export function useLocalFirstImport(starter: FirstImportStarter | undefined): void {
  local = starter;
}

/** Starts the tenant's first import where one runs at once (locally); returns without waiting. */
export function startFirstImport(tenantId: string): void {
  local?.(tenantId);
}
