/**
 * Data hygiene in the template: point-in-time recovery on the table (production must keep it; dev
 * and staging have it too, at the same small cost, so a restore can be rehearsed there), both
 * private buckets aborting incomplete multipart uploads, and the dead-letter queue ARNs that
 * `npm run redrive` takes, as plain outputs (no export another stack could pin).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { INCOMPLETE_UPLOAD_DAYS } from '../../infra/stack.ts';
import { PRODUCTION, synth } from './synth.ts';

const stages = {
  dev: synth({ stage: 'dev' }, { JWT_AUDIENCE: 'api' }).main,
  staging: synth({ stage: 'staging', allowedOrigins: 'https://staging.example.com' }, { JWT_AUDIENCE: 'api' }).main,
  production: synth(PRODUCTION.context, PRODUCTION.env).main,
};

describe('data hygiene', () => {
  it.each(Object.entries(stages))('%s: point-in-time recovery on the table', (_stage, template) => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });

  it('aborts incomplete multipart uploads in both private buckets (and only there: the log bucket only expires logs)', () => {
    const buckets = stages.production.findResources('AWS::S3::Bucket');
    const aborting = Object.entries(buckets).filter(([, b]) =>
      (b.Properties.LifecycleConfiguration?.Rules ?? []).some(
        (r: Record<string, any>) => r.Status === 'Enabled' && r.AbortIncompleteMultipartUpload?.DaysAfterInitiation === INCOMPLETE_UPLOAD_DAYS,
      ),
    );
    expect(aborting.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['Avatars', 'Files']);
  });

  it('outputs the refresh and outbox dead-letter queue ARNs for npm run redrive, without exports', () => {
    const outputs = stages.production.findOutputs('*');
    for (const name of ['RefreshDeadLetterQueueArn', 'OutboxDeadLetterQueueArn']) {
      expect(outputs[name], name).toMatchObject({ Value: { 'Fn::GetAtt': [expect.stringMatching(/DeadLetters/), 'Arn'] } });
      expect(outputs[name]).not.toHaveProperty('Export');
    }
    stages.production.hasResourceProperties('AWS::SQS::Queue', Match.objectLike({ FifoQueue: true }));
    // Without an email sender there is no outbox delivery, nor its queue and output.
    expect(stages.dev.findOutputs('OutboxDeadLetterQueueArn')).toEqual({});
  });
});
