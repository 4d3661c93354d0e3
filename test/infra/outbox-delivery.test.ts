/**
 * Outbox delivery in the synthesized stack: the table's stream, the consumer function invoked for
 * outbox INSERTs only, its retries and dead-letter queue, and SES permission for the stage's sender
 * alone. Synthesized without bundling, like test/infra/stack.test.ts.
 */
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_AGE, RETRY_ATTEMPTS } from '../../infra/outbox-delivery.ts';
import { synth as synthStage } from './synth.ts';

const SENDER = 'no-reply@mail.example.com';

type Resource = { Type: string; Properties: Record<string, any> };

/** The dev stage's main stack (the outbox consumer lives there). */
function synth(context: Record<string, unknown>, env: Record<string, string> = {}) {
  const { stack, main } = synthStage({ stage: 'dev', ...context }, env);
  return { stack, template: main };
}

function only(template: Template, type: string, props: Record<string, unknown> = {}): [string, Resource] {
  const found = Object.entries(template.findResources(type, { Properties: props }) as Record<string, Resource>);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/** Allowed statements of every policy attached to the function's role. */
function statements(
  template: Template,
  fn: Resource,
): { Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

/** The table stream's event source mappings (the stack's SQS queues have their own). */
/** The stream mappings whose filter lets outbox items through (the webhook fan-out's takes tenant items only). */
function streamMappings(template: Template): [string, Resource][] {
  return Object.entries(template.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>).filter(
    ([, m]) =>
      m.Properties.EventSourceArn?.['Fn::GetAtt']?.[1] === 'StreamArn' &&
      JSON.stringify(m.Properties.FilterCriteria ?? {}).includes('OUTBOX'),
  );
}

/** The outbox's dead-letter queue: where its stream mapping sends what fails. */
function outboxDeadLetters(template: Template): [string, Resource] {
  const [, mapping] = streamMappings(template)[0]!;
  const queueId: string = mapping.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
  return [queueId, (template.toJSON().Resources as Record<string, Resource>)[queueId]!];
}

const actionsOf = (s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('outbox delivery with a sender', () => {
  let template: Template;
  let functionId: string;
  let fn: Resource;

  beforeAll(() => {
    template = synth({ emailSender: SENDER }).template;
    [functionId, fn] = only(template, 'AWS::Lambda::Function', { Description: 'job: deliver-outbox' });
  });

  it('streams new images of the table (and old ones, for the webhook fan-out)', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('runs the consumer with the sender and the table in its environment', () => {
    expect(fn.Properties.Environment.Variables).toMatchObject({
      EMAIL_SENDER: SENDER,
      TABLE_NAME: { Ref: expect.any(String) },
    });
    expect(fn.Properties.Timeout).toBe(60);
  });

  it('invokes it for INSERTs of OUTBOX items only, with partial batch failures, bisecting, bounded retries and a dead-letter queue', () => {
    const mappings = streamMappings(template);
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    const [queueId, queue] = outboxDeadLetters(template);
    expect(queue.Type).toBe('AWS::SQS::Queue');
    expect(queue.Properties.FifoQueue).toBeUndefined();
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: functionId },
      EventSourceArn: { 'Fn::GetAtt': [expect.any(String), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: RETRY_ATTEMPTS,
      MaximumRecordAgeInSeconds: MAX_RECORD_AGE.toSeconds(),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    expect(mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: ['OUTBOX'] } } } },
    ]);
  });

  it('keeps the dead-letter queue encrypted and TLS-only', () => {
    const [queueId, queue] = outboxDeadLetters(template);
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('may send email only as the sender, through its identity, and reads and marks outbox items', () => {
    const granted = statements(template, fn);
    const ses = granted.filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(actionsOf(ses[0]!)).toEqual(['ses:SendEmail']);
    expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': SENDER } });
    const identities = JSON.stringify(ses[0]!.Resource);
    expect(identities).toContain(`:identity/${SENDER}`);
    expect(identities).toContain(':identity/mail.example.com');
    expect(identities).not.toContain('*');
    const actions = granted.flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:GetRecords', 'sqs:SendMessage']),
    );
  });

  it('grants SES to no other function', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    const withSes = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:'));
    expect(withSes).toHaveLength(1);
  });
});

describe('outbox delivery configuration', () => {
  it('takes the sender from EMAIL_SENDER when the context has none', () => {
    const { template } = synth({}, { EMAIL_SENDER: SENDER });
    const [, fn] = only(template, 'AWS::Lambda::Function', { Description: 'job: deliver-outbox' });
    expect(fn.Properties.Environment.Variables.EMAIL_SENDER).toBe(SENDER);
  });

  it('without a sender creates no consumer and warns, but the table still streams', () => {
    const { stack, template } = synth({});
    expect(streamMappings(template)).toEqual([]);
    expect(
      template.findResources('AWS::Lambda::Function', { Properties: { Description: 'job: deliver-outbox' } }),
    ).toEqual({});
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('Emails are not delivered'));
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it.each([
    'Service <no-reply@mail.example.com>',
    'a@example.com,b@example.com',
    'no-reply@mail.example.com\r\nBcc: x@evil.example',
    'no-reply',
  ])('refuses the sender %j at synth', (emailSender) => {
    expect(() => synth({ emailSender })).toThrow(/emailSender/);
  });
});
