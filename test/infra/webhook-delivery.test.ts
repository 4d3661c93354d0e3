/**
 * Webhook delivery in the template (infra/webhook-delivery.ts): a standard, encrypted, TLS-only
 * queue with a dead-letter queue after MAX_RECEIVES and retention past the 3-day retry window; the
 * fan-out reads the NEW_AND_OLD_IMAGES stream for tenant items only, with partial batch failures and
 * its own dead-letter queue; the worker consumes the queue with partial batch responses; only the
 * fan-out and the replay route may send to it.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { DELIVERY_SENDERS, MAX_RECEIVES } from '../../infra/webhook-delivery.ts';
import { synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown };

const byType = (template: Template, type: string, props: Record<string, unknown> = {}) =>
  Object.entries(template.findResources(type, { Properties: props }) as Record<string, Resource>);

function statements(template: Template, fn: Resource): Statement[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}
const actionsOf = (s: Statement) => [s.Action].flat();

describe('webhook delivery', () => {
  let main: Template;
  let templates: Template[];
  let queueId: string;
  const fnOf = (description: string) => byType(main, 'AWS::Lambda::Function', { Description: description })[0]!;

  beforeAll(() => {
    ({ main, templates } = synth({ stage: 'dev' }));
    [queueId] = byType(main, 'AWS::SQS::Queue').find(([id]) => id.includes('WebhookDeliveryQueue'))!;
  });

  it('keeps a standard, encrypted, TLS-only delivery queue past the 3-day retry window, dead-lettered after MAX_RECEIVES', () => {
    const [, queue] = byType(main, 'AWS::SQS::Queue').find(([id]) => id === queueId)!;
    expect(queue.Properties.FifoQueue).toBeUndefined();
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(queue.Properties.MessageRetentionPeriod).toBeGreaterThan(3 * 86_400);
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(MAX_RECEIVES);
    main.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('fans out tenant items from the stream (old and new images), partial batch failures, its own dead-letter queue', () => {
    main.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    const [fanOutId] = fnOf('job: fan-out-webhook-events');
    const [[, mapping]] = byType(main, 'AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: fanOutId } }) as [
      [string, Resource],
    ];
    expect(mapping.Properties).toMatchObject({
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
    });
    expect(mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { dynamodb: { Keys: { pk: { S: [{ prefix: 'TENANT#' }] } } } },
    ]);
  });

  it('has the worker consume the queue with partial batch responses, and open secrets (decrypt) only', () => {
    const [workerId, worker] = fnOf('job: deliver-webhooks');
    main.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const kms = statements(main, worker)
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('kms:'));
    // Its purpose's secrets, and while legacySealedSecrets is on those sealed before purposes (web-analytics.test.ts holds the conditions).
    expect(kms).toEqual(['kms:Decrypt', 'kms:Decrypt']);
    expect(statements(main, worker).flatMap(actionsOf)).not.toContain('sqs:SendMessage');
  });

  it('lets only the fan-out and the replay route send deliveries', () => {
    const sends = (t: Template, fn: Resource) =>
      statements(t, fn).some(
        (s) => actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes('WebhookDelivery'),
      );
    const senders = templates
      .flatMap((t) =>
        byType(t, 'AWS::Lambda::Function')
          .filter(([, fn]) => sends(t, fn))
          .map(([, fn]) => fn.Properties.Description as string),
      )
      .sort();
    const replay = routes.filter((r) => DELIVERY_SENDERS.includes(r.handler)).map((r) => r.key);
    expect(replay).toHaveLength(1);
    expect(senders).toEqual(['job: fan-out-webhook-events', ...replay].sort());
  });
});
