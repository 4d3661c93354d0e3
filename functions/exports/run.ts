/**
 * One export, run: claim it (shared/db/exports/exports.ts), read its list page by page through the
 * list route's own work (sources.ts), write each page into the file as it comes (writers.ts) and
 * stream the file into the exports bucket (shared/integrations/export-files/index.ts); then record how
 * many rows it wrote. Memory holds one page of records and the upload's parts in flight, never the
 * tenant (plus, for a paged list, the ids already written, so a record that moved between pages
 * while the export read is written once).
 *
 * What the list route would answer with a problem (a campaign deleted meanwhile: 404; a report of
 * analytics never connected: 409) fails the export with that problem document; anything else is
 * thrown, for the queue to deliver the message again, and fails the export on its last delivery.
 */
import { randomUUID } from 'node:crypto';
import { config } from '../../shared/config.ts';
import {
  claimExport,
  completeExport,
  EXPORT_LEASE_MS,
  failExport,
  type StoredExport,
} from '../../shared/db/exports/index.ts';
import { getTenant } from '../../shared/db/tenancy/index.ts';
import { withPageCursors } from '../../shared/db/table/index.ts';
import type { TenantScope } from '../../shared/http/context.ts';
import { problemBody, toProblem } from '../../shared/http/middleware/problem-responses.ts';
import type { ExportMessage } from '../../shared/integrations/export-queue/port.ts';
import { streamObject } from '../../shared/integrations/export-files/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { columnsOf } from './columns.ts';
import { EXPORT_PAGE_SIZE, listInput } from './filters.ts';
import { EXPORT_SOURCES, recordSchemaOf, type ExportSource } from './sources.ts';
import { csvWriter, jsonWriter, type FileWriter } from './writers.ts';

export type ExportOutcome = 'succeeded' | 'failed' | 'skipped';

export interface RunOptions {
  /** This delivery is the queue's last (the next failure dead-letters it): an unexpected error then fails the export. */
  lastDelivery?: boolean;
  now?: () => Date;
}

/** The list's records, page after page, as its route answers them. */
async function* pagesOf(
  source: ExportSource,
  input: Record<string, unknown>,
  tenant: TenantScope,
): AsyncGenerator<Record<string, unknown>[]> {
  const read = (pageInput: Record<string, unknown>) => source.read({ input: pageInput as never, tenant });
  if (!source.paged) {
    yield (await read(input)).items as Record<string, unknown>[];
    return;
  }
  const written = new Set<string>();
  for (let pageIndex = 0; ; pageIndex++) {
    const page = await read({ ...input, pageIndex, pageSize: EXPORT_PAGE_SIZE });
    const items = (page.items as Record<string, unknown>[]).filter((item) => {
      const id = String(item.id);
      if (written.has(id)) return false;
      written.add(id);
      return true;
    });
    yield items;
    if (page.items.length < EXPORT_PAGE_SIZE || (pageIndex + 1) * EXPORT_PAGE_SIZE >= page.totalCount) return;
  }
}

async function writeFile(record: StoredExport, tenant: TenantScope): Promise<number> {
  const source = EXPORT_SOURCES[record.kind];
  const input = listInput(source, record.organizationId, record.filters);
  const writer: FileWriter =
    record.format === 'csv'
      ? csvWriter(columnsOf(recordSchemaOf(source), source.money, tenant.details.currency))
      : jsonWriter();
  const file = streamObject(config.exportsBucket(), record.s3Key, writer.contentType, record.fileName);
  let rows = 0;
  try {
    await file.write(writer.start());
    for await (const page of pagesOf(source, input, tenant)) {
      // One write per page: the stream's backpressure paces the reads.
      if (page.length) await file.write(page.map((item) => writer.row(item)).join(''));
      rows += page.length;
    }
    await file.write(writer.end());
    await file.finish();
    return rows;
  } catch (error) {
    await file.abort();
    throw error;
  }
}

export async function runExport(message: ExportMessage, options: RunOptions = {}): Promise<ExportOutcome> {
  const now = options.now ?? (() => new Date());
  const attempt = randomUUID();
  const { tenantId, exportId } = message;
  const claim = await claimExport(tenantId, exportId, attempt, now(), EXPORT_LEASE_MS);
  if (!claim.claimed) {
    // Finished (a redelivery), missing (its organization deleted) or another delivery at it: nothing to do.
    logger.info('export', { exportId, tenantId, outcome: `skipped-${claim.reason}` });
    return 'skipped';
  }
  const fail = async (problemSource: unknown) => {
    const { requestId: _requestId, ...problem } = problemBody(toProblem(problemSource), exportId);
    await failExport(tenantId, exportId, attempt, problem as NonNullable<StoredExport['error']>, now());
    logger.info('export', { exportId, tenantId, outcome: 'failed', code: String(problem.code) });
  };
  try {
    const tenant = await getTenant(tenantId, { consistent: true });
    if (!tenant) {
      await fail(new Error('organization gone'));
      return 'failed';
    }
    // Each page of an indexed list starts where the one before it ended (paging.ts withPageCursors).
    const rows = await withPageCursors(() => writeFile(claim.record, { tenantId, role: 'member', details: tenant }));
    await completeExport(tenantId, exportId, attempt, rows, now());
    logger.info('export', { exportId, tenantId, outcome: 'succeeded', rows });
    return 'succeeded';
  } catch (error) {
    const problem = toProblem(error);
    // The list route's own answer (4xx but a throttle): the export cannot succeed by trying again.
    if (problem.status < 500 && problem.code !== 'rate_limited') {
      await fail(problem);
      return 'failed';
    }
    logger.error('export error', {
      exportId,
      tenantId,
      error: error instanceof Error ? error.message : String(error),
      lastDelivery: Boolean(options.lastDelivery),
    });
    if (options.lastDelivery) await fail(error);
    throw error;
  }
}
