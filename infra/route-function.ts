/**
 * The one place for function defaults: every Lambda of the API is a RouteFunction, so runtime,
 * bundling, tracing and logging cannot drift between endpoints. Access to the table and buckets is
 * granted through `bindTable` / `bindBucket`, which also set the matching environment variable, so
 * a function knows the name of exactly what it may touch.
 */
import { fileURLToPath } from 'node:url';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { BUNDLING } from './bundling.ts';

/** Repository root: esbuild runs here and resolves dependencies against its lock file. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Access = 'read' | 'read-write';

export interface RouteFunctionProps {
  /** Handler module under `functions/`, without extension (the route table's `handler`). */
  handler: string;
  description: string;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** Default 10 s (API Gateway gives up at 30 s); scheduled jobs may take longer. */
  timeout?: Duration;
}

export class RouteFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    // An explicit log group, so retention and removal are part of the stack rather than left to
    // the group Lambda would create on first invocation (kept forever, outside CloudFormation).
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    super(scope, id, {
      entry: `${PROJECT_ROOT}functions/${props.handler}.ts`,
      handler: 'handler',
      description: props.description,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}package-lock.json`,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      // Shared with the bundle benchmark (test/bench), so what is measured is what is deployed:
      // minified ESM with source maps, and the AWS SDK bundled rather than taken from the runtime.
      bundling: { ...BUNDLING, format: OutputFormat.ESM },
    });
  }

  /** GET handlers read; everything else reads and writes. Sets TABLE_NAME. */
  bindTable(table: ITable, access: Access): void {
    this.addEnvironment('TABLE_NAME', table.tableName);
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
  }

  /**
   * Grants one bucket's objects and names the bucket in `variable` (AVATARS_BUCKET, FILES_BUCKET).
   * Exact object actions rather than CDK's bucket grants, which add prefixes such as
   * `s3:GetObject*` and bucket-level actions these functions never need.
   */
  bindBucket(variable: string, bucket: IBucket, access: Access): void {
    this.addEnvironment(variable, bucket.bucketName);
    const actions = access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
  }
}
