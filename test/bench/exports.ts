/**
 * Exports at scale (docs/exports.md): a tenant of 10,000 activities (with as many creators and costs),
 * seeded by seed-tenant.ts, exported as CSV by the worker's own code (functions/exports/run.ts)
 * into the local S3 emulator, timed, with its peak heap growth sampled while it runs: the export
 * reads the tenant in pages, so the heap grows by pages and upload parts, not by the tenant.
 *
 * Target: under a minute (EXPORT_TARGET_SECONDS). The file is downloaded through the export's
 * presigned URL and its rows counted, so a fast export that wrote nothing cannot pass. A miss
 * prints FAIL; nothing throws but a wrong row count.
 */
import { randomUUID } from 'node:crypto';
import { runExport } from '../../functions/exports/run.ts';
import type { LocalIssuer } from '../../infra/local/issuer.ts';
import { startS3Local } from '../../infra/local/s3.ts';
import { useExportFiles } from '../../shared/integrations/export-files/index.ts';
import { useStorageUrls } from '../../shared/integrations/storage-urls/index.ts';
import { sender } from './lists.ts';
import { checkSeed, seedTenant } from './seed-tenant.ts';

export const EXPORT_TARGET_SECONDS = 60;
const ACTIVITIES = 10_000;

export interface ExportsResult {
  activities: number;
  format: 'csv';
  rows: number;
  bytes: number;
  seconds: number;
  peakHeapGrowthMB: number;
  targetSeconds: number;
  verdict: 'PASS' | 'FAIL';
}

/** Runs `work` while sampling the heap; its result and the largest heap growth over the start. */
async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peakGrowth: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, peakGrowth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

export async function measureExports(issuer: LocalIssuer): Promise<ExportsResult> {
  const s3 = await startS3Local({ buckets: ['exports'] });
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.EXPORTS_BUCKET = 'exports';
  // Both read the S3 endpoint set above afresh.
  useExportFiles(undefined);
  useStorageUrls(undefined);
  try {
    const userId = randomUUID();
    const email = `${userId}@bench.example`;
    const send = sender({ authorization: `Bearer ${issuer.mint({ userId, email })}` });
    await send('POST', '/v1/users', { userId, email, name: 'Exports bench' });
    const tenantId = (await send('POST', '/v1/organizations', { userId, name: 'Exports bench' })).data.id;
    const began = performance.now();
    await seedTenant(send, tenantId, ACTIVITIES);
    await checkSeed(send, tenantId, ACTIVITIES);
    console.log(`  seeded ${ACTIVITIES} activities in ${Math.round((performance.now() - began) / 1000)} s`);

    // Queued only: no runner is plugged in here, so the timed run below is the one that writes it.
    const exportId = (
      await send('POST', '/v1/exports', { organizationId: tenantId, kind: 'activities', format: 'csv' })
    ).data.id;
    const startedAt = performance.now();
    const { result: outcome, peakGrowth } = await withPeakHeap(() =>
      runExport({ tenantId, exportId }, { lastDelivery: true }),
    );
    const seconds = Math.round((performance.now() - startedAt) / 10) / 100;
    if (outcome !== 'succeeded') throw new Error(`export ${outcome}`);

    const { data } = await send<{ data: { rowCount: number; downloadUrl: string } }>('GET', `/v1/exports/${exportId}`);
    const text = await (await fetch(data.downloadUrl)).text();
    // Activity names hold no line breaks: every record is one CRLF-terminated line, the header first.
    const rows = text.split('\r\n').length - 2;
    if (rows !== ACTIVITIES || data.rowCount !== ACTIVITIES)
      throw new Error(`exported ${rows} rows (rowCount ${data.rowCount}), expected ${ACTIVITIES}`);
    return {
      activities: ACTIVITIES,
      format: 'csv',
      rows,
      bytes: Buffer.byteLength(text),
      seconds,
      peakHeapGrowthMB: Math.round((peakGrowth / 1024 / 1024) * 10) / 10,
      targetSeconds: EXPORT_TARGET_SECONDS,
      verdict: seconds < EXPORT_TARGET_SECONDS ? 'PASS' : 'FAIL',
    };
  } finally {
    await s3.stop();
  }
}

export function printExports(result: ExportsResult): void {
  console.log(`\nExport of ${result.activities} activities as CSV (local, in-process worker)`);
  console.log(
    `  ${result.rows} rows, ${Math.round(result.bytes / 1024)} KB in ${result.seconds} s, peak heap growth ${result.peakHeapGrowthMB} MB`,
  );
  console.log(`  ${result.verdict}: under ${result.targetSeconds} s`);
}
