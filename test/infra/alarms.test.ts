/**
 * The alarms, their topic and the dashboard of every stage, read from the synthesized templates
 * alone (not from infra/operations.ts's own lists): every dead-letter queue (found from whatever
 * sends it messages), the refresh queue, every route group, every function and the table is
 * watched; every alarm notifies the stage's topic and names an entry of the runbook, docs/operate.md, that exists.
 * The checks are plain functions over template JSON, so the last tests can prove each one names
 * what it should when an alarm is taken away.
 */
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { API_REFERENCE_PATHS } from '../../functions/service/api-reference.ts';
import { readStageConfig } from '../../infra/stage-config.ts';
import { METRIC_NAMESPACE, METRICS, routeGroupOf, SERVICE_NAME } from '../../shared/support/metric-catalogue.ts';
import { PRODUCTION, synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Resources = Record<string, Resource>;
/** One template's resources, and in a nested stack what each of its parameters is given by the main stack. */
interface Part {
  resources: Resources;
  parameters: Record<string, unknown>;
}
interface Watched {
  namespace: string;
  name: string;
  dimensions: Record<string, unknown>;
  stat?: string;
}

const ALARM_EMAIL = 'ops@example.com';
const RUNBOOK_FILE = readFileSync(new URL('../../docs/operate.md', import.meta.url), 'utf8');

const ofType = (resources: Resources, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function dimensions(list: { Name: string; Value: unknown }[] = []): Record<string, unknown> {
  return Object.fromEntries(list.map((d) => [d.Name, d.Value]));
}

/** The metrics an alarm reads: its one metric, or each metric of its math. */
function watched(alarm: Resource): Watched[] {
  const p = alarm.Properties;
  if (p.MetricName)
    return [
      {
        namespace: p.Namespace,
        name: p.MetricName,
        dimensions: dimensions(p.Dimensions),
        stat: p.ExtendedStatistic ?? p.Statistic,
      },
    ];
  return (p.Metrics as any[])
    .filter((m) => m.MetricStat)
    .map((m) => ({
      namespace: m.MetricStat.Metric.Namespace,
      name: m.MetricStat.Metric.MetricName,
      dimensions: dimensions(m.MetricStat.Metric.Dimensions),
      stat: m.MetricStat.Stat,
    }));
}

function alarmsOf(resources: Resources): Resource[] {
  return ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm);
}

/** Does an alarm of `resources` read `metric` (dimensions: at least those given)? */
function isWatched(
  resources: Resources,
  metric: Omit<Watched, 'dimensions'> & { dimensions: Record<string, unknown> },
): boolean {
  return alarmsOf(resources).some((alarm) =>
    watched(alarm).some(
      (w) =>
        w.namespace === metric.namespace &&
        w.name === metric.name &&
        (metric.stat === undefined || w.stat === metric.stat) &&
        Object.entries(metric.dimensions).every(([name, value]) => same(w.dimensions[name], value)),
    ),
  );
}

/** Queues something sends its failures to: any queue ARN under a property named like a dead letter or on-failure destination. */
function deadLetterQueues(resources: Resources): string[] {
  const queues = new Set(ofType(resources, 'AWS::SQS::Queue').map(([id]) => id));
  const found = new Set<string>();
  const walk = (value: unknown, underDeadLetter: boolean): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, underDeadLetter);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    if (underDeadLetter && getAtt && getAtt[1] === 'Arn' && queues.has(getAtt[0])) found.add(getAtt[0]);
    for (const [key, v] of Object.entries(value)) walk(v, underDeadLetter || /dead.?letter|onfailure/i.test(key));
  };
  for (const resource of Object.values(resources)) walk(resource.Properties, false);
  return [...found];
}

/** Dead-letter queues with no alarm on their visible messages. */
function unwatchedDeadLetterQueues(resources: Resources): string[] {
  return deadLetterQueues(resources).filter(
    (id) =>
      !isWatched(resources, {
        namespace: 'AWS/SQS',
        name: 'ApproximateNumberOfMessagesVisible',
        dimensions: { QueueName: { 'Fn::GetAtt': [id, 'QueueName'] } },
      }),
  );
}

/** Functions lacking an errors or a throttles alarm in their own template. */
function unwatchedFunctions(resources: Resources): string[] {
  return ofType(resources, 'AWS::Lambda::Function').flatMap(([id]) =>
    ['Errors', 'Throttles']
      .filter(
        (name) => !isWatched(resources, { namespace: 'AWS/Lambda', name, dimensions: { FunctionName: { Ref: id } } }),
      )
      .map((name) => `${id} ${name}`),
  );
}

/** Route groups lacking a 5xx or a p99 latency alarm, in any template of the stage. */
function unwatchedRouteGroups(parts: Part[], stage: string): string[] {
  const groups = [...new Set([...routes.map((r) => r.path), ...API_REFERENCE_PATHS].map(routeGroupOf))];
  const base = { service: SERVICE_NAME, stage };
  return groups.flatMap((routeGroup) => {
    const has = (metric: Parameters<typeof isWatched>[1]) => parts.some((part) => isWatched(part.resources, metric));
    return [
      ...(has({
        namespace: METRIC_NAMESPACE,
        name: METRICS.requests,
        dimensions: { ...base, routeGroup, statusClass: '5xx' },
      })
        ? []
        : [`${routeGroup} 5xx`]),
      ...(has({
        namespace: METRIC_NAMESPACE,
        name: METRICS.requestDuration,
        stat: 'p99',
        dimensions: { ...base, routeGroup },
      })
        ? []
        : [`${routeGroup} latency`]),
    ];
  });
}

/** Alarms that do not notify `topicId` (of the main stack) both when they fire and when they are OK again. */
function alarmsNotNotifying(parts: Part[], topicId: string): string[] {
  const notifies = (part: Part, actions: unknown) =>
    Array.isArray(actions) &&
    actions.some(
      (a: { Ref?: string }) =>
        a.Ref === topicId || (a.Ref !== undefined && same(part.parameters[a.Ref], { Ref: topicId })),
    );
  return parts.flatMap((part) =>
    alarmsOf(part.resources)
      .filter((alarm) => !notifies(part, alarm.Properties.AlarmActions) || !notifies(part, alarm.Properties.OKActions))
      .map((alarm) => alarm.Properties.AlarmName),
  );
}

/** The queue the metric refresh worker consumes. */
function refreshQueue(resources: Resources): string {
  const [[workerId]] = ofType(resources, 'AWS::Lambda::Function').filter(
    ([, fn]) => fn.Properties.Description === 'job: refresh-metrics-worker',
  ) as [[string, Resource]];
  const [[, mapping]] = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(
    ([, m]) => m.Properties.FunctionName.Ref === workerId,
  ) as [[string, Resource]];
  return mapping.Properties.EventSourceArn['Fn::GetAtt'][0];
}

const STAGES = {
  dev: { context: { stage: 'dev' }, env: {} },
  staging: { context: { stage: 'staging', allowedOrigins: 'https://staging.example.com' }, env: {} },
  production: { context: { ...PRODUCTION.context, alarmEmail: ALARM_EMAIL }, env: PRODUCTION.env },
};

/** Each stage synthesized once for the whole file (a synth takes seconds). */
const builds = new Map<string, ReturnType<typeof synth>>();
function build(stage: keyof typeof STAGES) {
  if (!builds.has(stage)) builds.set(stage, synth(STAGES[stage].context, STAGES[stage].env));
  return builds.get(stage)!;
}

describe.each(Object.keys(STAGES) as (keyof typeof STAGES)[])('the %s stage', (stage) => {
  let built: ReturnType<typeof synth>;
  let main: Resources;
  let parts: Part[];

  beforeAll(() => {
    built = build(stage);
    main = built.main.toJSON().Resources;
    parts = [
      { resources: main, parameters: {} },
      ...built.stack.routeGroups.map((group, i) => ({
        resources: built.templates[i + 1]!.toJSON().Resources as Resources,
        parameters: main[built.stack.getLogicalId(group.nestedStackResource!)]!.Properties.Parameters ?? {},
      })),
    ];
  });

  it("has a not-empty alarm on every dead-letter queue (the metric refresh queue's, and the outbox's when emails are delivered)", () => {
    const found = parts.flatMap((part) => deadLetterQueues(part.resources));
    expect(found.length).toBeGreaterThanOrEqual(stage === 'production' ? 2 : 1);
    expect(parts.flatMap((part) => unwatchedDeadLetterQueues(part.resources))).toEqual([]);
  });

  it("alarms when the refresh queue's oldest message has waited an hour", () => {
    const queue = refreshQueue(main);
    const alarm = alarmsOf(main).find((a) =>
      watched(a).some(
        (w) =>
          w.name === 'ApproximateAgeOfOldestMessage' &&
          same(w.dimensions.QueueName, { 'Fn::GetAtt': [queue, 'QueueName'] }),
      ),
    );
    expect(alarm?.Properties).toMatchObject({ Threshold: 3600, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('has a 5xx rate and a p99 latency alarm for every route group', () => {
    expect(unwatchedRouteGroups(parts, stage)).toEqual([]);
  });

  it("covers every function with an errors and a throttles alarm, no alarm reading more than CloudWatch's 10 metrics", () => {
    expect(parts.flatMap((part) => unwatchedFunctions(part.resources))).toEqual([]);
    for (const part of parts)
      for (const alarm of alarmsOf(part.resources))
        expect(watched(alarm).length, alarm.Properties.AlarmName).toBeLessThanOrEqual(10);
  });

  it("alarms on the table's throttled requests and system errors, and on failed readings, refused webhooks and SES reputation", () => {
    const [[tableId]] = ofType(main, 'AWS::DynamoDB::Table') as [[string, Resource]];
    const base = { service: SERVICE_NAME, stage };
    for (const name of ['ThrottledRequests', 'SystemErrors']) {
      expect(
        isWatched(main, { namespace: 'AWS/DynamoDB', name, dimensions: { TableName: { Ref: tableId } } }),
        name,
      ).toBe(true);
    }
    expect(
      isWatched(main, {
        namespace: METRIC_NAMESPACE,
        name: METRICS.metricReadings,
        dimensions: { ...base, outcome: 'failed' },
      }),
    ).toBe(true);
    expect(
      isWatched(main, {
        namespace: METRIC_NAMESPACE,
        name: METRICS.webhookEvents,
        dimensions: { ...base, outcome: 'refused' },
      }),
    ).toBe(true);
    for (const name of ['Reputation.BounceRate', 'Reputation.ComplaintRate'])
      expect(isWatched(main, { namespace: 'AWS/SES', name, dimensions: {} }), name).toBe(true);
  });

  it("sends every alarm and its return to OK to the stage's encrypted topic, and chooses how each treats missing data", () => {
    const [[topicId, topic]] = ofType(main, 'AWS::SNS::Topic') as [[string, Resource]];
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    expect(alarmsNotNotifying(parts, topicId)).toEqual([]);
    for (const part of parts)
      for (const alarm of alarmsOf(part.resources))
        expect(alarm.Properties.TreatMissingData, alarm.Properties.AlarmName).toBeDefined();
  });

  it('names in each alarm an entry of the runbook (docs/operate.md) that exists', () => {
    for (const part of parts) {
      for (const alarm of alarmsOf(part.resources)) {
        const entry = /docs\/operate\.md, "([^"]+)"/.exec(alarm.Properties.AlarmDescription)?.[1];
        expect(entry, alarm.Properties.AlarmName).toBeDefined();
        expect(RUNBOOK_FILE, alarm.Properties.AlarmName).toContain(`\n## ${entry}\n`);
      }
    }
  });

  it("emails the topic's alarms to alarmEmail when configured, and warns when not", () => {
    const subscriptions = ofType(main, 'AWS::SNS::Subscription').map(([, s]) => s.Properties);
    if (stage === 'production') {
      const [[topicId]] = ofType(main, 'AWS::SNS::Topic') as [[string, Resource]];
      expect(subscriptions).toEqual([
        expect.objectContaining({ Protocol: 'email', Endpoint: ALARM_EMAIL, TopicArn: { Ref: topicId } }),
      ]);
    } else {
      expect(subscriptions).toEqual([]);
      Annotations.fromStack(built.stack).hasWarning('*', Match.stringLikeRegexp('Alarms notify no one'));
    }
  });

  it('has one dashboard, named after the stack, showing every alarm', () => {
    const dashboards = ofType(main, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [[, dashboard]] = dashboards as [[string, Resource]];
    expect(dashboard.Properties.DashboardName).toBe(built.stack.stackName);
    const alarmCount = parts.reduce((n, part) => n + alarmsOf(part.resources).length, 0);
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    // Each alarm's ARN: a GetAtt of a main-stack alarm, or of the nested stack's output.
    expect(body.match(/"Fn::GetAtt":\["[^"]+","(Arn|Outputs\.[^"]+Arn)"\]/g)).toHaveLength(alarmCount);
  });
});

describe('the checks themselves', () => {
  let parts: Part[];
  beforeAll(() => {
    const built = build('production');
    parts = built.templates.map((t) => ({
      resources: structuredClone(t.toJSON().Resources) as Resources,
      parameters: {},
    }));
  });

  /** The template without the alarms that read `metricName`. */
  const without = (resources: Resources, metricName: string): Resources =>
    Object.fromEntries(
      Object.entries(resources).filter(
        ([, r]) => r.Type !== 'AWS::CloudWatch::Alarm' || !watched(r).some((w) => w.name === metricName),
      ),
    );

  it('name a dead-letter queue, a function and a route group whose alarm is gone', () => {
    const main = parts[0]!.resources;
    expect(unwatchedDeadLetterQueues(without(main, 'ApproximateNumberOfMessagesVisible'))).toHaveLength(
      deadLetterQueues(main).length,
    );
    expect(unwatchedFunctions(without(main, 'Throttles'))).toHaveLength(ofType(main, 'AWS::Lambda::Function').length);
    const noLatency = parts.map((part) => ({ ...part, resources: without(part.resources, METRICS.requestDuration) }));
    expect(unwatchedRouteGroups(noLatency, 'production')).toContain('users latency');
  });
});

describe('alarmEmail', () => {
  const config = (context: Record<string, unknown>, env: Record<string, string> = {}) =>
    readStageConfig(new App({ context }).node, env);

  it('comes from context or ALARM_EMAIL, and is refused at synth unless one plain address', () => {
    expect(config({ alarmEmail: ALARM_EMAIL }).alarmEmail).toBe(ALARM_EMAIL);
    expect(config({}, { ALARM_EMAIL }).alarmEmail).toBe(ALARM_EMAIL);
    expect(config({}).alarmEmail).toBeUndefined();
    for (const bad of ['ops', 'Ops <ops@example.com>', 'a@example.com,b@example.com'])
      expect(() => config({ alarmEmail: bad })).toThrow(/alarmEmail/);
  });
});
