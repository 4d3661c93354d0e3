/**
 * Who runs a newly selected property's first import (its 90-day backfill), which select-property
 * does not wait for.
 */

export interface FirstImportStarter {
  /** Starts the tenant's first import; returns without waiting for it. */
  start(tenantId: string): void;
}
