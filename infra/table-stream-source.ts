/**
 * A function fed the table's stream: the tenant items' consumer (webhook fan-out and readings due at
 * once) and the outbox's email delivery. DynamoDB Streams serves at most two readers per shard
 * without throttling them, and these are the two: more work on the stream joins one of them, or the
 * stream is fanned out first (Kinesis, EventBridge Pipes). The ListStreams grant is acknowledged on
 * the role's default policy alone (RouteFunction acknowledges only X-Ray's own policy).
 */
import { Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { DynamoEventSource, type DynamoEventSourceProps } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RouteFunction } from './route-function.ts';

export function readTableStream(fn: RouteFunction, table: ITable, props: DynamoEventSourceProps): void {
  fn.addEventSource(new DynamoEventSource(table, props));
  Validations.of(fn.role!.node.findChild('DefaultPolicy')).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'The stream event source grants dynamodb:ListStreams, which has no resource-level permissions; the stream itself is granted by ARN.',
  });
}
