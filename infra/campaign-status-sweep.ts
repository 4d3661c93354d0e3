/**
 * The campaign status sweep in the cloud (issue 28, `campaign.status_changed`): the job
 * (functions/jobs/sweep-campaign-status.ts) on an hourly EventBridge schedule, with the table
 * actions its code reaches (it queries the due index, reads campaigns and tenants, and updates
 * campaigns). Hourly: a status moves at a tenant's local midnight, announced within the hour after.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface CampaignStatusSweepProps {
  table: ITable;
  config: StageConfig;
  environment: Record<string, string>;
}

export class CampaignStatusSweep extends Construct {
  readonly sweeper: RouteFunction;

  constructor(scope: Construct, id: string, props: CampaignStatusSweepProps) {
    super(scope, id);
    const { table, config, environment } = props;
    this.sweeper = new RouteFunction(this, 'Sweeper', {
      handler: 'jobs/sweep-campaign-status',
      description: 'job: sweep-campaign-status',
      environment,
      config,
      timeout: Duration.minutes(5),
    });
    this.sweeper.bindTable(table, 'read-write');
    new Rule(this, 'Schedule', { schedule: Schedule.rate(Duration.hours(1)), targets: [new LambdaFunction(this.sweeper)] });
  }
}
