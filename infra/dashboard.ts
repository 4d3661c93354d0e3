/**
 * One CloudWatch dashboard per stage, named after the stack: every alarm's state at the top, then
 * the figure of each kind of alarm (the very expressions the alarms evaluate, with their
 * thresholds), then what explains them: outcomes by value, cold starts, the functions' own count of
 * DynamoDB retries and throttles, the refresh queue's depth.
 */
import { Duration } from 'aws-cdk-lib';
import { AlarmStatusWidget, Dashboard, GraphWidget, type IMetric, type IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  ANALYTICS_IMPORT_OUTCOMES,
  EMAIL_OUTCOMES,
  METRICS,
  READING_OUTCOMES,
  WEBHOOK_OUTCOMES,
} from '../shared/support/metric-catalogue.ts';
import { type AlarmSet, chunks, RUNBOOK, type RunbookEntry } from './alarms.ts';
import { byOutcome, serviceMetric } from './operational-metrics.ts';

export interface OperationsDashboardProps {
  /** The dashboard's name: the stack's, so each stage has its own. */
  name: string;
  stage: string;
  alarms: AlarmSet;
  routeGroups: readonly string[];
  refreshQueue: IQueue;
}

const graph = (title: string, left: IMetric[], thresholds: number[] = []) =>
  new GraphWidget({
    title,
    left,
    width: 8,
    height: 6,
    leftAnnotations: [...new Set(thresholds)].map((value) => ({ value, label: 'alarm' })),
  });

export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const { stage, alarms } = props;
    const alarmFigures = (Object.keys(RUNBOOK) as RunbookEntry[]).map((entry) => {
      const watched = alarms.entries.filter(({ spec }) => spec.runbook === entry);
      return graph(
        RUNBOOK[entry],
        watched.map(({ spec }) => spec.metric),
        watched.map(({ spec }) => spec.threshold),
      );
    });
    const context: IWidget[] = [
      graph('Metric readings by outcome', byOutcome(stage, METRICS.metricReadings, READING_OUTCOMES)),
      graph('Webhook events by outcome', byOutcome(stage, METRICS.webhookEvents, WEBHOOK_OUTCOMES)),
      graph('Emails by outcome', byOutcome(stage, METRICS.emails, EMAIL_OUTCOMES)),
      graph('Analytics imports by outcome', byOutcome(stage, METRICS.analyticsImports, ANALYTICS_IMPORT_OUTCOMES)),
      graph(
        'Cold starts by route group',
        props.routeGroups.map((routeGroup) =>
          serviceMetric(stage, METRICS.coldStarts, { routeGroup }, { label: routeGroup }),
        ),
      ),
      graph('DynamoDB retries and throttles seen by the functions', [
        serviceMetric(stage, METRICS.dynamoDbRetries, {}, { label: 'retries' }),
        serviceMetric(stage, METRICS.dynamoDbThrottles, {}, { label: 'throttles' }),
      ]),
      graph('Refresh queue messages waiting', [
        props.refreshQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', label: 'waiting' }),
      ]),
    ];
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.name,
      defaultInterval: Duration.days(1),
      widgets: [
        [
          new AlarmStatusWidget({
            title: 'Alarms',
            alarms: alarms.entries.map(({ alarm }) => alarm),
            width: 24,
            height: 8,
          }),
        ],
        ...chunks([...alarmFigures, ...context], 3),
      ],
    });
  }
}
