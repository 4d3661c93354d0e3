/**
 * Operating a stage (docs/operate.md): the alarm topic, the alarms and the dashboard, built last in the
 * stack from what it holds: every route group of the API, every function (wherever it is), every
 * dead-letter queue, the table and the metric refresh queue. Something added to the stack later is
 * watched without an edit here (a DeadLetterQueue, any function); test/infra/alarms.test.ts checks
 * the synthesized templates for what is not.
 *
 * Where: a route group's alarms (5xx rate, latency, its functions' errors and throttles) live in its
 * nested stack beside its functions, 4 to 8 resources there (500 is the limit; the largest group,
 * reporting, is at 176 with them); the rest in the main stack.
 *
 * Cost per stage, at CloudWatch's $0.10 a month per metric an alarm reads (standard resolution; a
 * metric-math alarm pays for each metric in its expression) and $3 a month per dashboard: the
 * functions' errors and throttles read 2 metrics per function (137 functions with email delivery:
 * $27.40), the route groups 5 each (15 groups: $7.50), the table 20 ($2.00), the rest 11 ($1.10);
 * about $38 a month per stage, whether the functions' metrics are summed ten to an alarm, as here,
 * or alarmed one by one.
 */
import { Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { routes } from '../functions/routes.ts';
import { API_REFERENCE_PATHS } from '../functions/service/api-reference.ts';
import { routeGroupOf } from '../shared/support/metric-catalogue.ts';
import { AlarmTopic } from './alarm-topic.ts';
import {
  AlarmSet,
  chunks,
  watchDeadLetters,
  watchFunctions,
  watchReadings,
  watchRefreshBacklog,
  watchRouteGroup,
  watchEcbRates,
  watchSesReputation,
  watchTable,
  watchWebhooks,
} from './alarms.ts';
import { OperationsDashboard } from './dashboard.ts';
import { DeadLetterQueue } from './dead-letter-queue.ts';
import { RouteGroupStack } from './route-group-stack.ts';
import type { StageConfig } from './stage-config.ts';

/** The API's route groups as its requests are counted: the route table's, and `service` (the reference page). */
export const API_ROUTE_GROUPS = [
  ...new Set([...routes.map((route) => route.path), ...API_REFERENCE_PATHS].map(routeGroupOf)),
];

export interface OperationsProps {
  config: StageConfig;
  table: ITable;
  refreshQueue: IQueue;
}

export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: AlarmSet;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const { stage } = props.config;
    this.topic = new AlarmTopic(this, 'AlarmTopic', { config: props.config }).topic;
    this.alarms = new AlarmSet(this.topic, stack.stackName);
    const everything = stack.node.findAll();
    // Alarms of a nested stack's resources in that stack; of the main stack's, here.
    const home = (stackOf: Stack): Construct => (stackOf === stack ? this : stackOf);

    const groupStacks = new Map(
      everything.filter((c): c is RouteGroupStack => c instanceof RouteGroupStack).map((s) => [s.group, s]),
    );
    for (const group of API_ROUTE_GROUPS) watchRouteGroup(this.alarms, groupStacks.get(group) ?? this, stage, group);

    const functionsByStack = new Map<Stack, CfnFunction[]>();
    for (const fn of everything.filter((c): c is CfnFunction => c instanceof CfnFunction)) {
      functionsByStack.set(Stack.of(fn), [...(functionsByStack.get(Stack.of(fn)) ?? []), fn]);
    }
    for (const [stackOf, functions] of functionsByStack) {
      const label =
        stackOf instanceof RouteGroupStack ? stackOf.group : stackOf === stack ? 'service and jobs' : stackOf.node.id;
      const parts = chunks(functions);
      parts.forEach((part, i) => {
        watchFunctions(
          this.alarms,
          home(stackOf),
          parts.length > 1 ? `${label} ${i + 1} of ${parts.length}` : label,
          part,
        );
      });
    }

    for (const queue of everything.filter((c): c is DeadLetterQueue => c instanceof DeadLetterQueue))
      watchDeadLetters(this.alarms, home(Stack.of(queue)), queue);
    watchRefreshBacklog(this.alarms, this, props.refreshQueue);
    watchTable(this.alarms, this, props.table);
    watchReadings(this.alarms, this, stage);
    watchWebhooks(this.alarms, this, stage);
    watchSesReputation(this.alarms, this);
    watchEcbRates(this.alarms, this, stage);

    new OperationsDashboard(this, 'Dashboard', {
      name: stack.stackName,
      stage,
      alarms: this.alarms,
      routeGroups: API_ROUTE_GROUPS,
      refreshQueue: props.refreshQueue,
    });
  }
}
