/**
 * Exports in the synthesized stack (infra/exports.ts): the queue and its dead-letter queue, the
 * worker's trigger and least-privilege grants, who may send, who may read the files, and the
 * exports bucket's 7-day lifecycle rule. Synthesized without bundling, like stack.test.ts.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MAX_RECEIVES } from '../../functions/jobs/run-export.ts';
import { EXPORT_KEPT_DAYS } from '../../shared/db/exports/exports.ts';
import { EXPORT_WORKER_CONCURRENCY, EXPORTS_PREFIX } from '../../infra/exports.ts';
import { EXPORTS_AT_ONCE } from '../../shared/db/exports/index.ts';
import { synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown };

const byType = (template: Template, type: string) =>
  Object.entries(template.findResources(type) as Record<string, Resource>);
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** Allowed statements of every policy attached to a function's role, in its template. */
function statements(template: Template, fn: Resource): Statement[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

describe('exports', () => {
  let templates: Template[];
  let main: Template;
  const fn = (description: string) => {
    for (const template of templates) {
      const found = byType(template, 'AWS::Lambda::Function').find(([, f]) => f.Properties.Description === description);
      if (found) return { template, id: found[0], fn: found[1] };
    }
    throw new Error(`no function ${description}`);
  };
  const s3Actions = (description: string) => {
    const { template, fn: f } = fn(description);
    return statements(template, f)
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('s3:'))
      .sort();
  };

  beforeAll(() => {
    const built = synth({ stage: 'dev' });
    templates = built.templates;
    main = built.main;
  });

  it('runs the worker from an encrypted, TLS-only queue, one export a batch, dead-lettered after its last delivery', () => {
    const worker = fn('job: run-export');
    const mappings = byType(main, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties.FunctionName?.Ref === worker.id,
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const queues = byType(main, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('ExportJobs'));
    const [queue] = queues.filter(([, q]) => q.Properties.RedrivePolicy);
    expect(queue![1].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 6 * 900,
      RedrivePolicy: { maxReceiveCount: EXPORT_MAX_RECEIVES },
    });
    expect(queues).toHaveLength(2);
  });

  it("caps the workers running at once (docs/decisions.md: one tenant cannot take the account's concurrency), above one tenant's 3 exports at once", () => {
    const worker = fn('job: run-export');
    const [mapping] = byType(main, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties.FunctionName?.Ref === worker.id,
    );
    expect(mapping![1].Properties.ScalingConfig).toEqual({ MaximumConcurrency: EXPORT_WORKER_CONCURRENCY });
    expect(EXPORT_WORKER_CONCURRENCY).toBeGreaterThan(EXPORTS_AT_ONCE);
    expect(EXPORT_WORKER_CONCURRENCY).toBeLessThanOrEqual(20);
  });

  it('lets the worker only put objects (and abort its multipart uploads) in the exports bucket, never read or delete them', () => {
    expect(s3Actions('job: run-export')).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
    const { fn: worker } = fn('job: run-export');
    expect(Object.keys(worker.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['EXPORTS_BUCKET', 'TABLE_NAME']),
    );
    expect(worker.Properties.Environment.Variables.EXPORTS_QUEUE_URL).toBeUndefined();
  });

  it('lets POST /v1/exports send to the queue and nothing of S3; GET /v1/exports/:id read the files only', () => {
    const create = fn('POST /v1/exports');
    expect(statements(create.template, create.fn).flatMap(actionsOf)).toContain('sqs:SendMessage');
    expect(create.fn.Properties.Environment.Variables.EXPORTS_QUEUE_URL).toBeDefined();
    expect(s3Actions('POST /v1/exports')).toEqual([]);
    expect(s3Actions('GET /v1/exports/:id')).toEqual(['s3:GetObject']);
  });

  it(`deletes exported files after ${EXPORT_KEPT_DAYS} days`, () => {
    const [[, bucket]] = byType(main, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('Exports')) as [
      [string, Resource],
    ];
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        { Id: 'ExpireExports', Prefix: EXPORTS_PREFIX, ExpirationInDays: EXPORT_KEPT_DAYS, Status: 'Enabled' },
      ]),
    );
  });
});
