/**
 * The metric refresh in the synthesized stack: the 15-minute schedule of the dispatcher, the FIFO
 * queue and its FIFO dead-letter queue (encrypted, TLS-only), the worker's event source with
 * partial batch responses, and exact permissions: who may send, who consumes, who reads the
 * platform credentials secret (by ARN only). Synthesized without bundling, like stack.test.ts.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVES, WORKER_TIMEOUT } from '../../infra/metric-refresh.ts';
import { routes } from '../../functions/routes.ts';
import { PRODUCTION, synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown };

const byType = (template: Template, type: string, props: Record<string, unknown> = {}) =>
  Object.entries(template.findResources(type, { Properties: props }) as Record<string, Resource>);

function only(template: Template, type: string, props: Record<string, unknown> = {}): [string, Resource] {
  const found = byType(template, type, props);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/** Allowed statements of every policy attached to the function's role. */
function statements(template: Template, fn: Resource): Statement[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const allActions = (template: Template, fn: Resource) => statements(template, fn).flatMap(actionsOf);

describe('metric refresh', () => {
  let main: Template;
  let templates: Template[];
  let queueId: string;
  let dlqId: string;
  let secretId: string;
  let dispatcher: [string, Resource];
  let worker: [string, Resource];

  beforeAll(() => {
    ({ main, templates } = synth({ stage: 'dev' }));
    [queueId] = only(main, 'AWS::SQS::Queue', { FifoQueue: true, RedrivePolicy: { maxReceiveCount: MAX_RECEIVES } });
    [dlqId] = byType(main, 'AWS::SQS::Queue', { FifoQueue: true }).find(([id]) => id !== queueId)!;
    [secretId] = only(main, 'AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('^Platform') });
    dispatcher = only(main, 'AWS::Lambda::Function', { Description: 'job: dispatch-metric-refresh' });
    worker = only(main, 'AWS::Lambda::Function', { Description: 'job: refresh-metrics-worker' });
  });

  it('starts the dispatcher every 15 minutes', () => {
    const rules = byType(main, 'AWS::Events::Rule').filter(([, r]) =>
      r.Properties.Targets.some((t: any) => t.Arn['Fn::GetAtt']?.[0] === dispatcher[0]),
    );
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(15 minutes)']);
  });

  it('queues on an encrypted FIFO queue whose messages go to an encrypted FIFO dead-letter queue after 5 deliveries; both refuse plain HTTP', () => {
    const [, queue] = only(main, 'AWS::SQS::Queue', {
      FifoQueue: true,
      RedrivePolicy: { maxReceiveCount: MAX_RECEIVES },
    });
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: WORKER_TIMEOUT.toSeconds() * 6,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] } },
    });
    expect(queue.Properties.ContentBasedDeduplication).toBeFalsy();
    const [, dlq] = byType(main, 'AWS::SQS::Queue').find(([id]) => id === dlqId)!;
    expect(dlq.Properties).toMatchObject({
      FifoQueue: true,
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    for (const id of [queueId, dlqId]) {
      const policies = byType(main, 'AWS::SQS::QueuePolicy').filter(([, p]) =>
        p.Properties.Queues.some((q: any) => q.Ref === id),
      );
      const denies = policies
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
        .filter((s: any) => s.Effect === 'Deny');
      expect(denies, id).toContainEqual(
        expect.objectContaining({ Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('feeds the worker from the queue in batches of 10 with partial batch responses', () => {
    const [, mapping] = only(main, 'AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
    });
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: worker[0] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(worker[1].Properties.Timeout).toBe(WORKER_TIMEOUT.toSeconds());
  });

  it('lets the dispatcher read the table and send, nothing else; it never receives nor reads the secret', () => {
    const actions = allActions(main, dispatcher[1]);
    expect(actions).toContain('sqs:SendMessage');
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('secretsmanager:') || a === 'sqs:ReceiveMessage')).toEqual([]);
    const send = statements(main, dispatcher[1]).find((s) => actionsOf(s).includes('sqs:SendMessage'))!;
    expect(send).toMatchObject({ Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    expect(dispatcher[1].Properties.Environment.Variables.METRICS_QUEUE_URL).toEqual({ Ref: queueId });
  });

  it('lets the worker consume the queue and read this one secret, known to it by ARN only; it does not send', () => {
    const all = statements(main, worker[1]);
    expect(all.find((s) => actionsOf(s).includes('secretsmanager:GetSecretValue'))).toMatchObject({
      Action: 'secretsmanager:GetSecretValue',
      Resource: { Ref: secretId },
    });
    const consume = all.find((s) => actionsOf(s).includes('sqs:ReceiveMessage'))!;
    expect(consume.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(all.flatMap(actionsOf)).not.toContain('sqs:SendMessage');
    expect(worker[1].Properties.Environment.Variables).toMatchObject({
      PLATFORM_CREDENTIALS_SECRET_ARN: { Ref: secretId },
    });
    expect(worker[1].Properties.Environment.Variables.METRICS_QUEUE_URL).toBeUndefined();
    // No value in the template: an operator sets it.
    expect(
      only(main, 'AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('^Platform') })[1].Properties
        .SecretString,
    ).toBeUndefined();
  });

  it("lets the table stream's consumer of tenant items (the webhook fan-out) send what a write makes due at once, to this queue only", () => {
    const [, fanOut] = only(main, 'AWS::Lambda::Function', { Description: 'job: fan-out-webhook-events' });
    const send = statements(main, fanOut).filter((s) => actionsOf(s).includes('sqs:SendMessage'));
    expect(send.map((s) => s.Resource)).toContainEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(fanOut.Properties.Environment.Variables.METRICS_QUEUE_URL).toEqual({ Ref: queueId });
  });

  it('keeps the table stream at two readers in production (tenant items, the outbox), as DynamoDB Streams serves without throttling', () => {
    const production = synth(PRODUCTION.context, PRODUCTION.env).main;
    const readers = byType(production, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
      JSON.stringify(m.Properties.EventSourceArn).includes('StreamArn'),
    );
    expect(readers).toHaveLength(2);
  });

  it('lets no API function send to the refresh queue: the routes that make a reading due leave it to the stream', () => {
    const sending = templates
      .slice(1)
      .flatMap((t) =>
        byType(t, 'AWS::Lambda::Function').map(
          ([, fn]) =>
            [
              fn.Properties.Description as string,
              allActions(t, fn),
              Object.keys(fn.Properties.Environment?.Variables ?? {}),
            ] as const,
        ),
      )
      .filter(([, actions]) => actions.includes('sqs:SendMessage'));
    // Each function that may send names the queue it sends to: the exports queue (POST /v1/exports,
    // test/infra/exports.test.ts) or the webhook delivery queue (the replay, test/infra/webhook-delivery.test.ts).
    const QUEUES = ['EXPORTS_QUEUE_URL', 'WEBHOOK_DELIVERY_QUEUE_URL'];
    for (const [description, , variables] of sending)
      expect(
        variables.filter((v) => QUEUES.includes(v)),
        description,
      ).toHaveLength(1);
    const routeFunctions = templates.slice(1).flatMap((t) => byType(t, 'AWS::Lambda::Function'));
    expect(routeFunctions.length).toBeGreaterThan(routes.length - 1);
    expect(
      routeFunctions
        .filter(([, fn]) => 'METRICS_QUEUE_URL' in (fn.Properties.Environment?.Variables ?? {}))
        .map(([, fn]) => fn.Properties.Description),
    ).toEqual([]);
  });
});
