/**
 * Data hygiene in the template: point-in-time recovery on the table (production must keep it; dev
 * and staging have it too, at the same small cost, so a restore can be rehearsed there), both
 * private buckets aborting incomplete multipart uploads, avatar uploads never set expiring (and
 * the grants that setting one needs), and the dead-letter queue ARNs that `npm run redrive` takes,
 * as plain outputs (no export another stack could pin).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AVATAR_UPLOAD_DAYS, INCOMPLETE_UPLOAD_DAYS } from '../../infra/stack.ts';
import { AVATAR_UPLOADS_PREFIX } from '../../shared/domain/avatars.ts';
import { PRODUCTION, synth } from './synth.ts';

const production = synth(PRODUCTION.context, PRODUCTION.env);
const stages = {
  dev: synth({ stage: 'dev' }, { JWT_AUDIENCE: 'api' }).main,
  staging: synth({ stage: 'staging', allowedOrigins: 'https://staging.example.com' }, { JWT_AUDIENCE: 'api' }).main,
  production: production.main,
};

type Rule = Record<string, any>;
const bucketRules = (id: string): Rule[] =>
  Object.entries(stages.production.findResources('AWS::S3::Bucket'))
    .filter(([logicalId]) => logicalId.startsWith(id))
    .flatMap(([, bucket]) => bucket.Properties.LifecycleConfiguration?.Rules ?? []);

/** The Allow statements of the role of the function whose description is `description`, in whichever template holds it. */
function functionStatements(description: string): Rule[] {
  return production.templates.flatMap((template) =>
    Object.values(
      template.findResources('AWS::Lambda::Function', { Properties: { Description: description } }),
    ).flatMap((fn) => {
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      return Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((policy) => policy.Properties.Roles.some((r: { Ref?: string }) => r.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Rule[])
        .filter((statement) => statement.Effect === 'Allow');
    }),
  );
}

describe('data hygiene', () => {
  it.each(Object.entries(stages))('%s: point-in-time recovery on the table', (_stage, template) => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });

  it('aborts incomplete multipart uploads in the private buckets (and only there: the log bucket only expires logs)', () => {
    const buckets = stages.production.findResources('AWS::S3::Bucket');
    const aborting = Object.entries(buckets).filter(([, b]) =>
      (b.Properties.LifecycleConfiguration?.Rules ?? []).some(
        (r: Record<string, any>) =>
          r.Status === 'Enabled' && r.AbortIncompleteMultipartUpload?.DaysAfterInitiation === INCOMPLETE_UPLOAD_DAYS,
      ),
    );
    expect(aborting.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['Avatars', 'Exports', 'Files']);
  });

  it('expires avatar uploads never set, and only those: nothing else of the avatars bucket or of the files bucket', () => {
    const expiring = (id: string) =>
      bucketRules(id).filter((r) => r.ExpirationInDays !== undefined || r.ExpirationDate !== undefined);
    expect(expiring('Avatars')).toEqual([
      {
        Id: 'ExpireAvatarUploadsNeverSet',
        Prefix: AVATAR_UPLOADS_PREFIX,
        ExpirationInDays: AVATAR_UPLOAD_DAYS,
        Status: 'Enabled',
      },
    ]);
    expect(AVATAR_UPLOADS_PREFIX).toMatch(/^[a-z]+\/$/);
    expect(expiring('Files')).toEqual([]);
  });

  it('grants setting an avatar its copy (s3:GetObject on the upload, s3:PutObject on the key) and the deletes, on the avatars objects alone', () => {
    const s3 = functionStatements('PATCH /v1/users/:id').filter((s) =>
      [s.Action].flat().some((a: string) => a.startsWith('s3:')),
    );
    expect(s3).toHaveLength(1);
    expect([s3[0]!.Action].flat().sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    // The objects of the avatars bucket (uploads/ included), never the bucket itself (no s3:ListBucket).
    expect(s3[0]!.Resource).toEqual({ 'Fn::Join': ['', [{ Ref: expect.stringMatching(/^Avatars/) }, '/*']] });
  });

  it('outputs the dead-letter queue ARNs npm run redrive takes (refresh, webhook delivery and fan-out, outbox) and the webhook queue URL, without exports', () => {
    const outputs = stages.production.findOutputs('*');
    for (const name of [
      'RefreshDeadLetterQueueArn',
      'WebhookDeadLetterQueueArn',
      'WebhookEventsDeadLetterQueueArn',
      'OutboxDeadLetterQueueArn',
    ]) {
      expect(outputs[name], name).toMatchObject({
        Value: { 'Fn::GetAtt': [expect.stringMatching(/DeadLetters/), 'Arn'] },
      });
      expect(outputs[name]).not.toHaveProperty('Export');
    }
    expect(outputs.WebhookDeliveryQueueUrl, 'WebhookDeliveryQueueUrl').toMatchObject({
      Value: { Ref: expect.stringMatching(/^WebhookDelivery/) },
    });
    stages.production.hasResourceProperties('AWS::SQS::Queue', Match.objectLike({ FifoQueue: true }));
    // Without an email sender there is no outbox delivery, nor its queue and output.
    expect(stages.dev.findOutputs('OutboxDeadLetterQueueArn')).toEqual({});
  });
});
