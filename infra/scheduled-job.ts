/**
 * A job on an EventBridge schedule: its function (functions/jobs/<name>.ts, the jobs' 5 minutes)
 * with read-write access to the table, run every `every`.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface ScheduledJobProps {
  table: ITable;
  config: StageConfig;
  environment: Record<string, string>;
}

export class ScheduledJob extends Construct {
  /** The job's function. */
  readonly fn: RouteFunction;

  constructor(scope: Construct, id: string, props: ScheduledJobProps & { job: string; every: Duration }) {
    super(scope, id);
    const { table, config, environment, job, every } = props;
    // 'Sweeper' and 'Schedule': the ids the campaign status sweep's resources had before it was a
    // ScheduledJob, so that its logical ids (and deployed function and log group) stay.
    this.fn = new RouteFunction(this, 'Sweeper', {
      handler: `jobs/${job}`,
      description: `job: ${job}`,
      environment,
      config,
      timeout: Duration.minutes(5),
    });
    this.fn.bindTable(table, 'read-write');
    new Rule(this, 'Schedule', { schedule: Schedule.rate(every), targets: [new LambdaFunction(this.fn)] });
  }
}
