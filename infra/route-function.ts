/**
 * The one place for function defaults: every Lambda of the API is a RouteFunction, so runtime,
 * bundling, tracing, logging and the STAGE variable cannot drift between endpoints. Access to the table and buckets is
 * granted through `bindTable` / `bindBucket`, which also set the matching environment variable, so
 * a function knows the name of exactly what it may touch. Each function has its own role with
 * inline policies only: its own log group and what it was bound to, and X-Ray's in a policy of its
 * own, the one place a wildcard resource is acknowledged to cdk-nag (any other on the role is reported).
 */
import { fileURLToPath } from 'node:url';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, type CfnFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { BUNDLING } from './bundling.ts';
import { GLOBAL_INDEXES } from '../shared/db/table/table-definition.ts';
import type { StageConfig } from './stage-config.ts';
import { IDEMPOTENCY_PARTITION_PREFIX } from '../shared/db/table/keys.ts';
import { idempotencyActions, tableActions, WRITE_ACTIONS } from './table-access.ts';

/** Repository root: esbuild runs here and resolves dependencies against its lock file. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Access = 'read' | 'read-write';

/** What a function takes from the stage's configuration. */
export type FunctionStageSettings = Pick<StageConfig, 'stage' | 'logRetention' | 'removalPolicy'>;

/** What active tracing needs: X-Ray has no resource-level permissions for these. */
const XRAY_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

export interface RouteFunctionProps {
  /** Handler module under `functions/`, without extension (the route table's `handler`). */
  handler: string;
  description: string;
  environment: Record<string, string>;
  /** The stage: its log retention and removal policy, and STAGE in the environment (the metrics' `stage` dimension). */
  config: FunctionStageSettings;
  /** Default 10 s (API Gateway gives up at 30 s); scheduled jobs may take longer. */
  timeout?: Duration;
  /** Repository-relative files the handler reads at run time, copied beside its bundle (the docs page's renderer). */
  assetFiles?: string[];
}

export class RouteFunction extends NodejsFunction {
  readonly handlerModule: string;
  /** The files copied beside the bundle (the built-bundle test copies them too). */
  readonly assetFiles: readonly string[];

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    // An explicit log group, so retention and removal are part of the stack rather than left to
    // the group Lambda would create on first invocation (kept forever, outside CloudFormation).
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    // Instead of the managed AWSLambdaBasicExecutionRole (logs in any group of the account): write
    // to this function's own group only. The group exists, so no logs:CreateLogGroup.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    // Active tracing's X-Ray permissions, in a policy of their own: Lambda's `tracing` option would
    // put them in the role's default policy, where acknowledging their "*" would hide any other.
    const xray = new Policy(scope, `${id}XRay`, {
      roles: [role],
      statements: [new PolicyStatement({ actions: XRAY_ACTIONS, resources: ['*'] })],
    });
    Validations.of(xray).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing: X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions, so their resource is "*".',
    });
    super(scope, id, {
      role,
      entry: `${PROJECT_ROOT}functions/${props.handler}.ts`,
      handler: 'handler',
      description: props.description,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}package-lock.json`,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      // 512 MB for every function (256 MB for light CRUD was weighed against the cold-start targets, test/bench/RESULTS.md, and this kept): Lambda
      // gives CPU in proportion to memory (one vCPU at 1,769 MB), and a cold start's init, importing
      // the bundle, is CPU work paid at that share (the bundle bench: 50-70 ms on a full core of
      // the bench machine for a light function). At 256 MB a light function's warm requests, which
      // mostly wait on DynamoDB, would cost about half, but every cold start would take about twice
      // as long, and with one function per endpoint a quiet tenant meets cold functions often. The
      // heaviest (Stripe, S3 writes: billing and deletions) would init faster at 1,024 MB, but they
      // run seldom and their requests wait on Stripe and S3; they stay at 512 MB too.
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      // Active, set below: this option's ACTIVE would also grant X-Ray in the role's default policy.
      tracing: Tracing.DISABLED,
      logGroup,
      // No NODE_OPTIONS=--enable-source-maps: Node would parse the source map at every cold start's
      // import; an unexpected error's logged stack is mapped when it is logged (shared/support/mapped-stack.ts).
      environment: { ...props.environment, STAGE: props.config.stage },
      // Shared with the bundle benchmark and the built-bundle test (infra/build-bundles.ts), so what is measured and tested is what is deployed:
      // minified ESM with source maps, and the AWS SDK bundled rather than taken from the runtime.
      bundling: {
        ...BUNDLING,
        format: OutputFormat.ESM,
        ...(props.assetFiles?.length ? { commandHooks: copyInto(props.assetFiles) } : {}),
      },
    });
    (this.node.defaultChild as CfnFunction).tracingConfig = { mode: Tracing.ACTIVE };
    // Traces from the first invocation on: the function waits for its X-Ray policy as for its role.
    this.node.addDependency(xray);
    this.handlerModule = props.handler;
    this.assetFiles = props.assetFiles ?? [];
  }

  /**
   * Grants exactly the DynamoDB actions the handler's code can send (infra/table-access.ts: derived
   * from the code, not declared), on the table and, for queries, its declared indexes by name.
   * `read` is what the caller expects (GET routes): a handler that reaches a write fails the synth
   * rather than being granted it. Sets TABLE_NAME; does nothing for a handler that never uses
   * DynamoDB.
   */
  bindTable(table: ITable, access: Access): void {
    const actions = tableActions(PROJECT_ROOT, this.handlerModule);
    if (!actions.length) return;
    const writes = actions.filter((a) => WRITE_ACTIONS.includes(a));
    if (access === 'read' && writes.length) {
      throw new Error(`functions/${this.handlerModule} is bound read-only but its code reaches ${writes.join(', ')}`);
    }
    this.addEnvironment('TABLE_NAME', table.tableName);
    const indexes = actions.includes('dynamodb:Query')
      ? GLOBAL_INDEXES.map((i) => `${table.tableArn}/index/${i.indexName}`)
      : [];
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [table.tableArn, ...indexes] }));
  }

  /**
   * Grants what the idempotency records' code sends (infra/table-access.ts analyses that room apart),
   * on those records' partitions only (`dynamodb:LeadingKeys`): for the function of a route that takes
   * an `Idempotency-Key` (docs/decisions.md "Retries and browsers"), whatever its own code reaches.
   */
  bindIdempotencyRecords(table: ITable): void {
    this.addEnvironment('TABLE_NAME', table.tableName);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: idempotencyActions(PROJECT_ROOT),
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${IDEMPOTENCY_PARTITION_PREFIX}*`] } },
      }),
    );
  }

  /**
   * Grants one bucket's objects and names the bucket in `variable` (AVATARS_BUCKET, FILES_BUCKET).
   * Exact object actions rather than CDK's bucket grants, which add prefixes such as
   * `s3:GetObject*` and bucket-level actions these functions never need.
   */
  bindBucket(variable: string, bucket: IBucket, access: Access | 'write' | 'delete'): void {
    this.addEnvironment(variable, bucket.bucketName);
    // `write`: a writer that never reads nor deletes (the export worker's multipart upload, which it may abort);
    // `delete`: the object sweep, which only deletes.
    const actions = {
      read: ['s3:GetObject'],
      write: ['s3:PutObject', 's3:AbortMultipartUpload'],
      delete: ['s3:DeleteObject'],
      'read-write': ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    }[access];
    const objects = bucket.arnForObjects('*');
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [objects] }));
    Validations.of(this.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagReference(Stack.of(this).resolve(objects))}]`,
      reason:
        'Object keys are chosen per request (tenant, record and file ids), so the grant covers the objects of this one bucket; bucket-level actions are not granted.',
    });
  }
}

/** Bundling hooks that copy `files` (relative to the project root) into the function's asset. */
function copyInto(files: string[]) {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) =>
      files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
  };
}

/**
 * A resolved CloudFormation value as cdk-nag names it in finding ids (`<Files8E6940B8.Arn>/*`,
 * `<FilesBucketArn>/*`), so an acknowledgment can name exactly the finding it is about.
 */
function nagReference(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as { 'Fn::Join'?: [string, unknown[]]; 'Fn::GetAtt'?: [string, string]; Ref?: string };
  if (node['Fn::Join']) return node['Fn::Join'][1].map(nagReference).join(node['Fn::Join'][0]);
  if (node['Fn::GetAtt']) return `<${node['Fn::GetAtt'].join('.')}>`;
  if (node.Ref) return `<${node.Ref}>`;
  return JSON.stringify(value);
}
