/**
 * The ECB rates import in the cloud (docs/decisions.md "Money and metrics"): the job
 * (functions/jobs/import-ecb-rates.ts) three times a day, every day, after the ECB's publication
 * (around 16:00 CET, 15:00 UTC) and twice more in case it is late; a run with nothing new reads one
 * small file. Every day, weekends included, so its figure is there for the alarm each day
 * (alarms.ts `watchEcbRates`: missing data breaches).
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface EcbRatesImportProps {
  table: ITable;
  config: StageConfig;
  environment: Record<string, string>;
}

export class EcbRatesImport extends Construct {
  readonly fn: RouteFunction;

  constructor(scope: Construct, id: string, { table, config, environment }: EcbRatesImportProps) {
    super(scope, id);
    this.fn = new RouteFunction(this, 'Import', {
      handler: 'jobs/import-ecb-rates',
      description: 'job: import-ecb-rates',
      environment,
      config,
      timeout: Duration.minutes(5),
    });
    this.fn.bindTable(table, 'read-write');
    new Rule(this, 'Schedule', {
      schedule: Schedule.cron({ minute: '30', hour: '15,17,21' }),
      targets: [new LambdaFunction(this.fn)],
    });
  }
}
