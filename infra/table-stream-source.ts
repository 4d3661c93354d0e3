/**
 * A function fed the table's stream (the webhook fan-out, the readings due at once). DynamoDB
 * Streams serves at most two readers per shard without throttling them, and these are the two: a
 * third consumer would need the stream fanned out first (Kinesis, EventBridge Pipes).
 */
import { Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { DynamoEventSource, type DynamoEventSourceProps } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RouteFunction } from './route-function.ts';

export function readTableStream(fn: RouteFunction, table: ITable, props: DynamoEventSourceProps): void {
  fn.addEventSource(new DynamoEventSource(table, props));
  Validations.of(fn.role!.node.findChild('DefaultPolicy')).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'The stream event source grants dynamodb:ListStreams, which has no resource-level permissions; the stream itself is granted by ARN.',
  });
}
