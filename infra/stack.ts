/**
 * The service: one DynamoDB table, two private buckets, one HTTP API whose routes come from
 * `functions/routes.ts` (a loop, one nested stack per resource group), and a `$default` route that
 * answers 401/404 for anything the table does not list. Nothing here has a physical name, so two
 * stages deploy side by side in one account.
 */
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { type Route, routes } from '../functions/routes.ts';
import { GLOBAL_INDEXES, PARTITION_KEY, SORT_KEY } from '../shared/db/table-definition.ts';
import { OutboxDelivery } from './outbox-delivery.ts';
import { RouteFunction } from './route-function.ts';
import { routeGroup, RouteGroupStack, type RouteResources } from './route-group-stack.ts';
import type { StageConfig } from './stage-config.ts';

export interface ServiceStackProps extends StackProps {
  config: StageConfig;
}

export class ServiceStack extends Stack {
  readonly table: Table;
  readonly api: HttpApi;
  readonly routeGroups: RouteGroupStack[] = [];

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: PARTITION_KEY, type: AttributeType.STRING },
      sortKey: { name: SORT_KEY, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: 'ttl',
      // New items reach their consumers: the outbox's emails go to infra/outbox-delivery.ts.
      stream: StreamViewType.NEW_IMAGE,
      removalPolicy: config.removalPolicy,
    });
    for (const index of GLOBAL_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    const buckets = { avatars: this.privateBucket('Avatars', config), files: this.privateBucket('Files', config) };

    const environment = jwtEnvironment(config);
    if (config.jwt.placeholders.length) {
      Annotations.of(this).addWarningV2(
        'creator-measurement:jwt-placeholder',
        `Token verification is not configured; every request will answer 401. Missing: ${config.jwt.placeholders.join('; ')}.`,
      );
    }

    // Anything the route table does not list: authenticate, then 404.
    const notFound = new RouteFunction(this, 'NotFound', {
      handler: 'not-found',
      description: '$default',
      environment,
      logRetention: config.logRetention,
      logRemovalPolicy: config.removalPolicy,
    });
    this.api = new HttpApi(this, 'Api', {
      description: `Creator measurement API (${config.stage})`,
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound),
      // Preflights are answered by API Gateway itself, before any route or function.
      corsPreflight: {
        allowOrigins: config.allowedOrigins,
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.PATCH, CorsHttpMethod.DELETE],
        allowHeaders: ['authorization', 'content-type'],
        maxAge: Duration.hours(1),
      },
    });

    const resources: RouteResources = { api: this.api, table: this.table, buckets, config, environment };
    const groups = new Map<string, Route[]>();
    for (const route of routes) groups.set(routeGroup(route), [...(groups.get(routeGroup(route)) ?? []), route]);
    for (const [group, groupRoutes] of groups) {
      this.routeGroups.push(new RouteGroupStack(this, `${pascal(group)}Routes`, { ...resources, routes: groupRoutes }));
    }

    // Finishes organization deletions a request started but could not complete (timeouts).
    const sweeper = new RouteFunction(this, 'FinishTenantDeletions', {
      handler: 'jobs/finish-tenant-deletions',
      description: 'job: finish-tenant-deletions',
      environment,
      logRetention: config.logRetention,
      logRemovalPolicy: config.removalPolicy,
      timeout: Duration.minutes(5),
    });
    sweeper.bindTable(this.table, 'read-write');
    sweeper.bindBucket('FILES_BUCKET', buckets.files, 'read-write');
    new Rule(this, 'FinishTenantDeletionsSchedule', {
      schedule: Schedule.rate(Duration.minutes(15)),
      targets: [new LambdaFunction(sweeper)],
    });

    new OutboxDelivery(this, 'OutboxDelivery', { table: this.table, config, environment });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AvatarsBucketName', { value: buckets.avatars.bucketName });
    new CfnOutput(this, 'FilesBucketName', { value: buckets.files.bucketName });
  }

  /** Private, encrypted, TLS-only; browsers reach it only through presigned PUT/GET URLs. */
  private privateBucket(id: string, config: StageConfig): Bucket {
    return new Bucket(this, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: config.removalPolicy,
      cors: [
        {
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
          allowedOrigins: config.allowedOrigins,
          // Presigned uploads sign both, so the browser must be allowed to send them.
          allowedHeaders: ['content-type', 'content-length'],
          maxAge: 3600,
        },
      ],
    });
  }
}

/** What shared/auth/verifier.ts reads; the optional ones only when configured. */
function jwtEnvironment({ jwt }: StageConfig): Record<string, string> {
  return {
    JWT_ISSUER: jwt.issuer,
    JWT_AUDIENCE: jwt.audience,
    ...(jwt.jwksUri ? { JWT_JWKS_URI: jwt.jwksUri } : {}),
    ...(jwt.cognitoUserPoolId ? { COGNITO_USER_POOL_ID: jwt.cognitoUserPoolId } : {}),
  };
}

function pascal(words: string): string {
  return words.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase());
}
