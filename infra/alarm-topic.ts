/**
 * Where a stage's alarms go: one SNS topic, encrypted and TLS-only, emailing the stage's
 * `alarmEmail` when one is configured (stage-config.ts). Without one the stack warns, as it does
 * for other unset settings: the alarms still change state and show on the dashboard, and anyone
 * may subscribe to the topic later.
 */
import { Annotations, ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from './stage-config.ts';

const CLOUDWATCH = new ServicePrincipal('cloudwatch.amazonaws.com');

export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, { config }: { config: StageConfig }) {
    super(scope, id);
    const stack = Stack.of(this);
    // A key of the stack's own: SNS's AWS-managed key (alias/aws/sns) cannot be granted to
    // CloudWatch, which must encrypt what it publishes (SNS developer guide, "Enable compatibility
    // between event sources from AWS services and encrypted topics").
    const key = new Key(this, 'Key', {
      description: `Encrypts the alarm notifications of ${stack.stackName}.`,
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [CLOUDWATCH],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: `${stack.stackName} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic policy replaces SNS's default one (which lets the account publish): CloudWatch
    // publishes this account's alarms, and only those.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [CLOUDWATCH],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );
    if (config.alarmEmail) {
      this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
    } else {
      Annotations.of(this).addWarningV2(
        'creator-measurement:alarm-email-missing',
        'Alarms notify no one: no address is configured (-c alarmEmail=ops@example.com or env ALARM_EMAIL). Subscribe to the alarm topic by hand, or set one and deploy.',
      );
    }
  }
}
