/**
 * The service: one DynamoDB table, two private buckets, one HTTP API whose routes come from
 * `functions/routes.ts` (a loop, one nested stack per resource group), and a `$default` route that
 * answers 401/404 for anything the table does not list. Nothing here has a physical name, so two
 * stages deploy side by side in one account.
 *
 * The edge: API Gateway's own JWT authorizer checks the bearer token of every route that takes one
 * before any function starts; the handlers still verify it themselves. The stage is throttled, each
 * route that takes no token lower still, and writes a JSON access log.
 */
import { Annotations, CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  type HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type LifecycleRule } from 'aws-cdk-lib/aws-s3';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { gatewayPath, type Route, routes } from '../functions/routes.ts';
import { API_REFERENCE_PATHS } from '../functions/service/api-reference.ts';
import { GLOBAL_INDEXES, keyTypes, PARTITION_KEY, SORT_KEY } from '../shared/db/table/table-definition.ts';
import { AVATAR_UPLOADS_PREFIX } from '../shared/domain/avatars.ts';
import { ApiReference } from './api-reference.ts';
import { WebAnalytics } from './analytics-import.ts';
import { StripeBilling, STRIPE_CALLERS } from './billing.ts';
import { bindApiUrl } from './report-links.ts';
import { Exports, EXPORT_SENDERS, EXPORTS_EXPIRATION, EXPORTS_PREFIX } from './exports.ts';
import { MetricRefresh } from './metric-refresh.ts';
import { Operations } from './operations.ts';
import { CampaignStatusSweep } from './campaign-status-sweep.ts';
import { EcbRatesImport } from './ecb-rates-import.ts';
import { ReleasedObjectsSweep } from './released-objects-sweep.ts';
import { OutboxDelivery } from './outbox-delivery.ts';
import { WebhookDelivery } from './webhook-delivery.ts';
import { RouteFunction } from './route-function.ts';
import { routeGroup, RouteGroupStack, type RouteResources } from './route-group-stack.ts';
import type { ExternalIssuer, StageConfig } from './stage-config.ts';
import { ServiceUserPool } from './user-pool.ts';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from '../shared/http/cors.ts';

export interface ServiceStackProps extends StackProps {
  config: StageConfig;
}

export class ServiceStack extends Stack {
  readonly table: Table;
  readonly api: HttpApi;
  readonly stage: HttpStage;
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
      // Changes reach their consumers: the outbox's emails go to infra/outbox-delivery.ts (new
      // images), a tenant's changes to the webhook fan-out (infra/webhook-delivery.ts), whose events
      // compare the item before and after.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      removalPolicy: config.removalPolicy,
      // Retaining the table on stack deletion is not enough: a console or API delete must fail too.
      deletionProtection: config.stage === 'production',
    });
    for (const index of GLOBAL_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: {
          name: index.sortKey,
          type: keyTypes(index).sortKey === 'N' ? AttributeType.NUMBER : AttributeType.STRING,
        },
        projectionType: ProjectionType[index.projection],
        ...('nonKeyAttributes' in index ? { nonKeyAttributes: [...index.nonKeyAttributes] } : {}),
      });
    }

    const accessLogs = this.accessLogsBucket(config);
    const buckets = {
      // An upload no profile named within AVATAR_UPLOAD_DAYS is an image nobody can reach: S3 deletes it.
      avatars: this.privateBucket('Avatars', config, accessLogs, [
        {
          id: 'ExpireAvatarUploadsNeverSet',
          prefix: AVATAR_UPLOADS_PREFIX,
          expiration: Duration.days(AVATAR_UPLOAD_DAYS),
        },
      ]),
      files: this.privateBucket('Files', config, accessLogs),
      // An export's file is kept EXPORT_KEPT_DAYS (its record's `expiresAt`), then S3 deletes it.
      exports: this.privateBucket('Exports', config, accessLogs, [
        { id: 'ExpireExports', prefix: EXPORTS_PREFIX, expiration: EXPORTS_EXPIRATION },
      ]),
    };

    // The stage's own user pool unless context names an issuer (infra/user-pool.ts).
    const userPool = config.jwt.ownUserPool ? new ServiceUserPool(this, 'Identity', { config }) : undefined;
    const jwt = userPool ? userPool.verifierEnvironment() : externalIssuerEnvironment(config.jwt as ExternalIssuer);
    const environment = { ...jwt };
    if (!config.jwt.ownUserPool && config.jwt.placeholders.length) {
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
      config,
    });
    // Issuer and audience are the ones the functions verify (a Cognito pool's issuer is derived from
    // its id, and API Gateway accepts its access tokens' client_id for the audience).
    const authorizer = new HttpJwtAuthorizer('JwtAuthorizer', jwt.JWT_ISSUER!, {
      jwtAudience: jwt
        .JWT_AUDIENCE!.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    });
    this.api = new HttpApi(this, 'Api', {
      description: `Creator measurement API (${config.stage})`,
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound),
      // Created below with throttling and access logs, which the default stage cannot take.
      createDefaultStage: false,
      // Preflights are answered by API Gateway itself, before any route or function.
      corsPreflight: {
        allowOrigins: config.allowedOrigins,
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
        ],
        // docs/decisions.md "Retries and browsers" (shared/http/cors.ts): browsers hide response
        // headers from scripts unless exposed (a 429's Retry-After, a replay's Idempotent-Replayed).
        allowHeaders: [...CORS_ALLOW_HEADERS],
        exposeHeaders: [...CORS_EXPOSE_HEADERS],
        maxAge: Duration.hours(1),
      },
    });

    // `$default` takes no authorizer: it also receives the browsers' CORS preflights (OPTIONS, never
    // with credentials) for every path, which an authorizer would reject with 401
    // (API Gateway developer guide, "Configuring CORS for an HTTP API with a $default route and an
    // authorizer"). Its function authenticates first (401 problem), then answers 404.
    Validations.of(this.api.node.findChild('DefaultRoute')).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        '$default also receives CORS preflights, which carry no token; its function authenticates every other request first (401) and answers 404.',
    });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.throttling,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.apiAccessLogs(config)),
        format: ACCESS_LOG_FORMAT,
      },
    });

    const resources: RouteResources = { api: this.api, authorizer, table: this.table, buckets, config, environment };
    const groups = new Map<string, Route[]>();
    for (const route of routes) groups.set(routeGroup(route), [...(groups.get(routeGroup(route)) ?? []), route]);
    for (const [group, groupRoutes] of groups) {
      const stack = new RouteGroupStack(this, `${pascal(group)}Routes`, { ...resources, routes: groupRoutes });
      this.routeGroups.push(stack);
      // CloudFormation refuses the stage's settings of a route that does not exist yet.
      if (groupRoutes.some(isPublic)) this.stage.node.addDependency(stack);
    }

    // GET /openapi.json, GET /docs and GET /favicon.ico, public.
    const apiReference = new ApiReference(this, 'ApiReference', { api: this.api, environment, config });
    this.stage.node.addDependency(apiReference);
    // Anyone can call the routes that take no token: each gets a limit of its own, so that a flood
    // of one cannot use up the stage's, which every tenant's requests share.
    const publicRouteKeys = [
      ...routes.filter(isPublic).map((r) => `${r.method} ${gatewayPath(r.path)}`),
      ...API_REFERENCE_PATHS.map((path) => `GET ${path}`),
    ];
    const { rateLimit, burstLimit } = config.publicRouteThrottling;
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      publicRouteKeys.map((key) => [key, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }]),
    );

    // Finishes organization deletions a request started but could not complete (timeouts).
    const sweeper = new RouteFunction(this, 'FinishTenantDeletions', {
      handler: 'jobs/finish-tenant-deletions',
      description: 'job: finish-tenant-deletions',
      environment,
      config,
      timeout: Duration.minutes(5),
    });
    sweeper.bindTable(this.table, 'read-write');
    new Rule(this, 'FinishTenantDeletionsSchedule', {
      schedule: Schedule.rate(Duration.minutes(15)),
      targets: [new LambdaFunction(sweeper)],
    });

    // Deletes the objects that deletions released (their files, a deleted account's avatar).
    new ReleasedObjectsSweep(this, 'ReleasedObjectsSweep', { table: this.table, buckets, config, environment });

    const outbox = new OutboxDelivery(this, 'OutboxDelivery', { table: this.table, config, environment });

    // Announces campaign statuses that time has moved (campaign.status_changed), hourly.
    new CampaignStatusSweep(this, 'CampaignStatusSweep', { table: this.table, config, environment });

    // The ECB's euro reference rates, which cost writes convert at (docs/decisions.md "Money and metrics").
    new EcbRatesImport(this, 'EcbRatesImport', { table: this.table, config, environment });

    // Scheduled metric refresh; what a write makes due at once is queued from the table's stream (below).
    const metricRefresh = new MetricRefresh(this, 'MetricRefresh', { table: this.table, config, environment });

    // Exports: the queue, its worker and dead-letter queue; the create route queues.
    const exports = new Exports(this, 'ExportJobs', {
      table: this.table,
      bucket: buckets.exports,
      config,
      environment,
    });
    for (const fn of this.routeGroups.flatMap((group) => group.functions)) {
      if (EXPORT_SENDERS.includes(fn.handlerModule)) exports.allowSend(fn);
    }

    // Report links' urls start with the API's own URL.
    bindApiUrl(
      this.routeGroups.flatMap((group) => group.functions),
      this.api.apiEndpoint,
    );

    // Stripe for the Billing routes alone: the secret by ARN, prices and the web client's address.
    const billing = new StripeBilling(this, 'Billing', { config });
    for (const fn of this.routeGroups.flatMap((group) => group.functions)) {
      if (STRIPE_CALLERS.includes(fn.handlerModule)) billing.bind(fn);
    }
    // Web analytics: the token key, Google's OAuth client secret and the daily import.
    const analytics = new WebAnalytics(this, 'WebAnalytics', {
      table: this.table,
      config,
      environment,
      apiUrl: this.api.apiEndpoint,
    });
    for (const fn of this.routeGroups.flatMap((group) => group.functions)) analytics.bind(fn);
    // Outbound events: the fan-out from the stream, the delivery queue and worker; signing secrets under the token key.
    const webhooks = new WebhookDelivery(this, 'WebhookDelivery', {
      table: this.table,
      config,
      environment,
      analytics,
    });
    // The fan-out's stream consumer also queues the readings a change made due at once.
    metricRefresh.allowSend(webhooks.fanOut);
    for (const fn of this.routeGroups.flatMap((group) => group.functions)) webhooks.bind(fn);

    if (config.billing.placeholders.length) {
      Annotations.of(this).addWarningV2(
        'creator-measurement:billing-placeholder',
        `Billing is not configured; checkout will fail. Missing: ${config.billing.placeholders.join('; ')}.`,
      );
    }

    // Last: it watches everything above (every function, dead-letter queue and route group).
    new Operations(this, 'Operations', { config, table: this.table, refreshQueue: metricRefresh.queue });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AvatarsBucketName', { value: buckets.avatars.bucketName });
    new CfnOutput(this, 'FilesBucketName', { value: buckets.files.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: buckets.exports.bucketName });
    new CfnOutput(this, 'ExportsDeadLetterQueueArn', { value: exports.deadLetterQueue.queueArn });
    // What `npm run redrive` needs (infra/scripts/redrive.ts): plain outputs, no exports, so no other stack can pin them.
    new CfnOutput(this, 'RefreshDeadLetterQueueArn', { value: metricRefresh.deadLetterQueue.queueArn });
    new CfnOutput(this, 'RefreshQueueArn', { value: metricRefresh.queue.queueArn });
    if (outbox.deadLetterQueue)
      new CfnOutput(this, 'OutboxDeadLetterQueueArn', { value: outbox.deadLetterQueue.queueArn });
    new CfnOutput(this, 'WebhookDeadLetterQueueArn', { value: webhooks.deadLetterQueue.queueArn });
    new CfnOutput(this, 'WebhookEventsDeadLetterQueueArn', { value: webhooks.streamDeadLetterQueue.queueArn });
    new CfnOutput(this, 'WebhookDeliveryQueueUrl', { value: webhooks.queue.queueUrl });
    // The secrets to fill after the first deploy (docs/deploy.md), by ARN: their names are CloudFormation's.
    new CfnOutput(this, 'StripeSecretArn', { value: billing.secret.secretArn });
    new CfnOutput(this, 'GoogleOAuthClientSecretArn', { value: analytics.oauthClient.secretArn });
    new CfnOutput(this, 'PlatformCredentialsSecretArn', { value: metricRefresh.credentials.secretArn });
  }

  private apiAccessLogs(config: StageConfig): LogGroup {
    return new LogGroup(this, 'ApiAccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
  }

  /**
   * Where S3 writes the server access logs of the data buckets (who fetched which object, from
   * where, with which presigned URL), kept as long as the stage keeps its logs.
   */
  private accessLogsBucket(config: StageConfig): Bucket {
    const bucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // S3 log delivery cannot write to SSE-KMS buckets.
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: config.removalPolicy,
      lifecycleRules: [{ expiration: Duration.days(config.logRetention) }],
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the server access log bucket itself; logging its own access would loop.',
    });
    return bucket;
  }

  /** Private, encrypted, TLS-only; browsers reach it only through presigned PUT/GET URLs. */
  private privateBucket(
    id: string,
    config: StageConfig,
    accessLogs: Bucket,
    lifecycleRules: LifecycleRule[] = [],
  ): Bucket {
    return new Bucket(this, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: config.removalPolicy,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: `${id.toLowerCase()}/`,
      // A browser's presigned PUT is a single request, but a multipart upload started some other way
      // and never completed keeps its parts (billed, invisible in listings) until aborted.
      lifecycleRules: [
        {
          id: 'AbortIncompleteMultipartUploads',
          abortIncompleteMultipartUploadAfter: Duration.days(INCOMPLETE_UPLOAD_DAYS),
        },
        ...lifecycleRules,
      ],
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

/** Days after which S3 aborts a multipart upload never completed, in both private buckets. */
export const INCOMPLETE_UPLOAD_DAYS = 3;

/**
 * Days S3 keeps an avatar upload (`uploads/` of the avatars bucket) that no PATCH set: its upload
 * URL lives 5 minutes, so this leaves a client days to send the PATCH after the upload.
 */
export const AVATAR_UPLOAD_DAYS = 2;

/** One JSON object per request: who, what, the outcome, and why a request failed at the edge. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    httpMethod: '$context.httpMethod',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
  }),
);

/** A route the API Gateway authorizer does not guard: the Stripe webhook, the OAuth callback. */
const isPublic = (route: Route) => route.auth !== 'bearer';

/** What shared/auth/verifier.ts reads of an issuer named by context; the optional ones only when configured. */
function externalIssuerEnvironment(jwt: ExternalIssuer): Record<string, string> {
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
