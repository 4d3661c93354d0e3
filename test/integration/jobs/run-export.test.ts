/**
 * The exports queue consumer (functions/jobs/run-export.ts): a message that is not an export's is
 * reported failed (to end in the dead-letter queue); an export whose file cannot be written is
 * reported failed for the queue to deliver again, left `running`, and marked failed with an
 * `internal` problem only on its last delivery.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_RECEIVES, handler } from '../../../functions/jobs/run-export.ts';
import { createExport, getExport } from '../../../shared/db/exports/exports.ts';
import { newOrg } from '../../support/organizations.ts';
import { standInS3, useS3 } from '../../support/s3.ts';

useS3();

const record = (messageId: string, body: string, receives = 1) =>
  ({ messageId, body, attributes: { ApproximateReceiveCount: String(receives) } }) as unknown as SQSRecord;
const run = (records: SQSRecord[]) => handler({ Records: records } as SQSEvent);

describe('run-export', () => {
  it('runs each export message and reports only the malformed ones', async () => {
    const { organizationId } = await newOrg();
    const made = await createExport(organizationId, { kind: 'campaigns', format: 'json', filters: {} });
    const out = await run([
      record('m1', 'not json'),
      record('m2', JSON.stringify({ tenantId: organizationId, exportId: made.id })),
      record('m3', JSON.stringify({ exportId: made.id })),
    ]);
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m1', 'm3']);
    expect(await getExport(organizationId, made.id)).toMatchObject({ status: 'succeeded', rowCount: 0 });
  });

  it('reports an export whose file S3 refuses, and fails it on its last delivery only', async () => {
    const { organizationId } = await newOrg();
    const early = await createExport(organizationId, { kind: 'campaigns', format: 'csv', filters: {} });
    const last = await createExport(organizationId, { kind: 'campaigns', format: 'csv', filters: {} });
    await standInS3(() => ({ status: 403, code: 'AccessDenied' }));
    const body = (exportId: string) => JSON.stringify({ tenantId: organizationId, exportId });
    const out = await run([record('early', body(early.id), 1), record('last', body(last.id), EXPORT_MAX_RECEIVES)]);
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['early', 'last']);
    expect(await getExport(organizationId, early.id)).toMatchObject({ status: 'running', error: null });
    expect(await getExport(organizationId, last.id)).toMatchObject({
      status: 'failed',
      rowCount: null,
      error: { status: 500, code: 'internal' },
    });
  });
});
