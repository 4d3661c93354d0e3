/**
 * The CDK stack, asserted on its synthesized templates: one function and one API route per entry
 * of the route table, the JWT authorizer, throttling and access logs at the edge, least-privilege
 * IAM derived from the code, the table and buckets as declared. Synthesized without esbuild
 * bundling (test/infra/synth.ts), so it proves wiring, not bundles; `npm run synth` bundles.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayPath, routes, takesIdempotencyKey } from '../../functions/routes.ts';
import { PROJECT_ROOT } from '../../infra/route-function.ts';
import { REPORT_PAGE } from '../../infra/report-links.ts';
import { idempotencyActions, tableActions, WRITE_ACTIONS } from '../../infra/table-access.ts';
import { createTableInput } from '../../shared/db/table/table-definition.ts';
import { PRODUCTION, synth } from './synth.ts';
import { RELEASED_OBJECTS_SWEEP_MINUTES } from '../../infra/released-objects-sweep.ts';

type Resource = { Type: string; Properties?: Record<string, any>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, any> };

/** Fail long before CloudFormation's hard limit of 500 resources per stack. */
const RESOURCE_BUDGET = 400;

function resources(templates: Template[], type: string): [string, Resource, Template][] {
  return templates.flatMap((t) =>
    Object.entries(t.findResources(type) as Record<string, Resource>).map(
      ([id, r]) => [id, r, t] as [string, Resource, Template],
    ),
  );
}

function actions(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Allowed statements of a function: every IAM policy attached to its role, in its own template. */
function functionStatements(fn: Resource, template: Template): Statement[] {
  const roleId: string = fn.Properties!.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => p.Properties!.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => (p.Properties!.PolicyDocument.Statement as Statement[]).filter((s) => s.Effect === 'Allow'));
}

/** Allowed actions of a function, on whatever resource and condition. */
function functionActions(fn: Resource, template: Template): string[] {
  return functionStatements(fn, template).flatMap(actions);
}

/** The condition that holds a statement to the idempotency records' partitions. */
const ON_IDEMPOTENCY_RECORDS = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['IDEMPOTENCY#*'] } };

describe('dev stack', () => {
  let built: ReturnType<typeof synth>;
  let functions: [string, Resource, Template][];
  const byKey = (key: string) => functions.filter(([, fn]) => fn.Properties!.Description === key);

  beforeAll(() => {
    built = synth({ stage: 'dev' });
    functions = resources(built.templates, 'AWS::Lambda::Function');
  });

  it("has exactly one function per route of the table, plus the $default catch-all, the API reference, the deletion sweeper, the object sweep, the metric refresh dispatcher and worker, the analytics import, the campaign status sweep, the export worker, the webhook fan-out and delivery worker, the ECB rates import, and the user pool's pre-token-generation trigger", () => {
    expect(functions).toHaveLength(routes.length + 13);
    for (const route of routes) expect(byKey(route.key), route.key).toHaveLength(1);
    expect(byKey('$default')).toHaveLength(1);
  });

  it("gives every function the shared defaults (API functions 10 s, scheduled jobs 5 min, the metric refresh worker 2 min, the export worker 15 min, the webhook jobs 1 min, the user pool's trigger 5 s)", () => {
    const JOB_TIMEOUTS: Record<string, number> = {
      'job: refresh-metrics-worker': 120,
      'job: run-export': 900,
      'job: fan-out-webhook-events': 60,
      'job: deliver-webhooks': 60,
    };
    for (const [, fn] of functions) {
      const job = String(fn.Properties!.Description).startsWith('job:');
      // The user pool's trigger (infra/user-pool.ts) verifies no token: Cognito calls it.
      const trigger = String(fn.Properties!.Description).startsWith('trigger:');
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: JOB_TIMEOUTS[String(fn.Properties!.Description)] ?? (job ? 300 : trigger ? 5 : 10),
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
        Environment: { Variables: trigger ? { STAGE: 'dev' } : { STAGE: 'dev', JWT_ISSUER: expect.anything() } },
      });
      // Node would parse the source map at every cold start; stacks are mapped when logged instead.
      expect(fn.Properties!.Environment.Variables).not.toHaveProperty('NODE_OPTIONS');
    }
  });

  it('runs the deletion sweeper every 15 minutes with table access and none to the buckets (it releases objects, the object sweep deletes them)', () => {
    const [[sweeperId, sweeper, template]] = byKey('job: finish-tenant-deletions') as [[string, Resource, Template]];
    expect(functionActions(sweeper, template)).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem']));
    expect(functionActions(sweeper, template).filter((a) => a.startsWith('s3:'))).toEqual([]);
    const rules = resources(built.templates, 'AWS::Events::Rule').filter(([, rule]) =>
      rule.Properties!.Targets.some(
        (t: { Arn: { 'Fn::GetAtt'?: string[] } }) => t.Arn['Fn::GetAtt']?.[0] === sweeperId,
      ),
    );
    expect(rules.map(([, rule]) => rule.Properties!.ScheduleExpression)).toEqual(['rate(15 minutes)']);
  });

  it('runs the object sweep every 5 minutes, deleting objects of the files and avatars buckets and nothing else there', () => {
    const [[sweeperId, sweeper, template]] = byKey('job: delete-released-objects') as [[string, Resource, Template]];
    expect(functionActions(sweeper, template)).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchWriteItem']),
    );
    expect(functionActions(sweeper, template).filter((a) => a.startsWith('s3:'))).toEqual([
      's3:DeleteObject',
      's3:DeleteObject',
    ]);
    expect(sweeper.Properties!.Environment.Variables).toMatchObject({
      FILES_BUCKET: expect.anything(),
      AVATARS_BUCKET: expect.anything(),
    });
    const rules = resources(built.templates, 'AWS::Events::Rule').filter(([, rule]) =>
      rule.Properties!.Targets.some(
        (t: { Arn: { 'Fn::GetAtt'?: string[] } }) => t.Arn['Fn::GetAtt']?.[0] === sweeperId,
      ),
    );
    expect(rules.map(([, rule]) => rule.Properties!.ScheduleExpression)).toEqual([
      `rate(${RELEASED_OBJECTS_SWEEP_MINUTES} minutes)`,
    ]);
  });

  it('runs the campaign status sweep hourly, querying the table and updating campaigns, and scanning nothing', () => {
    const [[sweeperId, sweeper, template]] = byKey('job: sweep-campaign-status') as [[string, Resource, Template]];
    expect(functionActions(sweeper, template)).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem']),
    );
    const rules = resources(built.templates, 'AWS::Events::Rule').filter(([, rule]) =>
      rule.Properties!.Targets.some(
        (t: { Arn: { 'Fn::GetAtt'?: string[] } }) => t.Arn['Fn::GetAtt']?.[0] === sweeperId,
      ),
    );
    expect(rules.map(([, rule]) => rule.Properties!.ScheduleExpression)).toEqual(['rate(1 hour)']);
  });

  it('mounts every route of the table as an API route, $default, and the public GET /openapi.json, GET /docs and GET /favicon.ico', () => {
    const routeKeys = resources(built.templates, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey);
    const expected = [
      ...routes.map((r) => `${r.method} ${gatewayPath(r.path)}`),
      '$default',
      'GET /openapi.json',
      'GET /docs',
      'GET /favicon.ico',
    ];
    expect([...routeKeys].sort()).toEqual([...expected].sort());
  });

  it('serves GET /openapi.json, GET /docs and GET /favicon.ico (a 404, not a 401) with no authorizer, from one function with no data access', () => {
    const publicKeys = ['GET /openapi.json', 'GET /docs', 'GET /favicon.ico'];
    const apiRoutes = resources(built.templates, 'AWS::ApiGatewayV2::Route').filter(([, r]) =>
      publicKeys.includes(r.Properties!.RouteKey),
    );
    expect(apiRoutes.map(([, r]) => r.Properties!.AuthorizationType)).toEqual(['NONE', 'NONE', 'NONE']);
    const [[, reference, template]] = byKey('GET /openapi.json, GET /docs and GET /favicon.ico') as [
      [string, Resource, Template],
    ];
    expect(functionActions(reference, template).filter((a) => /^(dynamodb|s3):/.test(a))).toEqual([]);
  });

  it('grants no wildcard action in any IAM policy', () => {
    const allowed = [...resources(built.templates, 'AWS::IAM::Policy'), ...resources(built.templates, 'AWS::IAM::Role')]
      .flatMap(([, r]) => [
        r.Properties!.PolicyDocument,
        ...(r.Properties!.Policies ?? []).map((p: any) => p.PolicyDocument),
      ])
      .filter(Boolean)
      .flatMap((doc) => (doc.Statement as Statement[]).filter((s) => s.Effect === 'Allow'))
      .flatMap(actions);
    expect(allowed).toContain('dynamodb:GetItem');
    // Every allowed action is named exactly: no '*', no 'service:*', no prefix such as 's3:GetObject*'.
    expect(allowed.filter((a) => a.includes('*'))).toEqual([]);
  });

  it("grants each function exactly the DynamoDB actions its code reaches, GET routes read only, and the POST routes that take an Idempotency-Key the idempotency records' actions on those records only", () => {
    // The report page's one write is conditioned to its link's views (test/infra/report-links.test.ts holds its grants exactly).
    for (const route of routes.filter((r) => r.handler !== REPORT_PAGE)) {
      const [[, fn, template]] = byKey(route.key) as [[string, Resource, Template]];
      const granted = functionActions(fn, template);
      const variables = fn.Properties!.Environment.Variables;
      expect(variables.TABLE_NAME, route.key).toBeDefined();
      const expected = tableActions(PROJECT_ROOT, route.handler);
      expect(expected, route.key).toContain('dynamodb:GetItem');
      const statements = functionStatements(fn, template);
      const onTable = statements.filter((s) => actions(s).some((a) => a.startsWith('dynamodb:')));
      expect(
        onTable
          .filter((s) => !s.Condition)
          .flatMap(actions)
          .sort(),
        route.key,
      ).toEqual(expected);
      // The idempotency records: for the routes that take the header, on their partitions only.
      const onRecords = onTable.filter((s) => s.Condition);
      expect(
        onRecords.map((s) => s.Condition),
        route.key,
      ).toEqual(takesIdempotencyKey(route) ? [ON_IDEMPOTENCY_RECORDS] : []);
      expect(onRecords.flatMap(actions).sort(), route.key).toEqual(
        takesIdempotencyKey(route) ? idempotencyActions(PROJECT_ROOT) : [],
      );
      // The analytics OAuth callback (no token) too: it stores nothing, the completion does.
      if (route.method === 'GET') {
        expect(
          granted.filter((a) => WRITE_ACTIONS.includes(a) || a.startsWith('s3:Put') || a.startsWith('s3:Delete')),
          route.key,
        ).toEqual([]);
      }
      const s3 = granted.some((a) => a.startsWith('s3:'));
      expect(s3, `${route.key} bucket access`).toBe(route.buckets.length > 0);
      if (route.buckets.includes('avatars')) expect(variables.AVATARS_BUCKET, route.key).toBeDefined();
      if (route.buckets.includes('files')) expect(variables.FILES_BUCKET, route.key).toBeDefined();
    }
    const [[, catchAll, template]] = byKey('$default') as [[string, Resource, Template]];
    expect(functionActions(catchAll, template).filter((a) => /^(dynamodb|s3):/.test(a))).toEqual([]);
  });

  it('grants no Scan, and BatchWriteItem only to the functions whose code batch-writes', () => {
    const [[, getUser, template]] = byKey('GET /v1/users/:id') as [[string, Resource, Template]];
    expect(
      functionActions(getUser, template)
        .filter((a) => a.startsWith('dynamodb:'))
        .sort(),
    ).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem']);
    const all = functions.map(([, fn, t]) => [fn.Properties!.Description as string, functionActions(fn, t)] as const);
    expect(all.filter(([, granted]) => granted.includes('dynamodb:Scan'))).toEqual([]);
    const batchWriters = all.filter(([, granted]) => granted.includes('dynamodb:BatchWriteItem')).map(([key]) => key);
    expect(batchWriters).toContain('job: finish-tenant-deletions');
    expect(batchWriters.length).toBeLessThan(all.length / 4);
  });

  it("scopes table grants to the table and its declared indexes by name, and logs to the function's own log group", () => {
    const resourcesOf = (statement: Statement) => JSON.stringify(statement.Resource);
    for (const [, policy] of resources(built.templates, 'AWS::IAM::Policy')) {
      for (const statement of policy.Properties!.PolicyDocument.Statement as Statement[]) {
        const granted = actions(statement);
        if (granted.some((a) => a.startsWith('dynamodb:'))) {
          expect(resourcesOf(statement)).not.toContain('index/*');
          if (granted.includes('dynamodb:Query')) expect(resourcesOf(statement)).toContain('/index/gsi1');
        }
        if (granted.some((a) => a.startsWith('logs:'))) {
          expect(granted.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
          expect(statement.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/Logs/), 'Arn'] });
        }
      }
    }
    // No managed policy (AWSLambdaBasicExecutionRole would allow logging to any group).
    for (const [id, role] of resources(built.templates, 'AWS::IAM::Role'))
      expect(role.Properties!.ManagedPolicyArns, id).toBeUndefined();
  });

  it("puts the JWT authorizer, with the stage's own user pool as issuer and its app client as audience, on every bearer route (not $default: CORS preflights)", () => {
    built.main.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    built.main.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: { 'Fn::GetAtt': [Match.stringLikeRegexp('^IdentityPool'), 'ProviderURL'] },
        Audience: [{ Ref: Match.stringLikeRegexp('^IdentityPoolWebClient') }],
      },
    });
    const bearer = new Set(routes.filter((r) => r.auth === 'bearer').map((r) => `${r.method} ${gatewayPath(r.path)}`));
    const apiRoutes = resources(built.templates, 'AWS::ApiGatewayV2::Route');
    expect(apiRoutes).toHaveLength(routes.length + 4); // $default and the API reference's three
    for (const [, route] of apiRoutes) {
      const key = route.Properties!.RouteKey as string;
      expect(route.Properties!.AuthorizationType, key).toBe(bearer.has(key) ? 'JWT' : 'NONE');
      if (bearer.has(key)) expect(route.Properties!.AuthorizerId, key).toBeDefined();
    }
  });

  it("throttles the stage and writes a JSON access log with the stage's retention", () => {
    const [[, stage]] = resources([built.main], 'AWS::ApiGatewayV2::Stage') as [[string, Resource, Template]];
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.stringMatching(/^ApiAccessLogs/), 'Arn'] } },
    });
    const format = JSON.parse(stage.Properties!.AccessLogSettings.Format);
    expect(Object.keys(format).sort()).toEqual([
      'authorizerError',
      'httpMethod',
      'integrationError',
      'ip',
      'protocol',
      'requestId',
      'requestTime',
      'responseLength',
      'routeKey',
      'status',
    ]);
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      authorizerError: '$context.authorizer.error',
    });
    const [logGroupId] = stage.Properties!.AccessLogSettings.DestinationArn['Fn::GetAtt'];
    built.main.hasResource('AWS::Logs::LogGroup', { Properties: { RetentionInDays: 7 } });
    expect(built.main.toJSON().Resources[logGroupId].Properties.RetentionInDays).toBe(7);
  });

  it('gives each route that takes no bearer token its own lower limit, and creates the stage after those routes', () => {
    const [[stageId, stage]] = resources([built.main], 'AWS::ApiGatewayV2::Stage') as [[string, Resource, Template]];
    const limit = { ThrottlingRateLimit: 2, ThrottlingBurstLimit: 4 };
    // The Stripe webhook, the OAuth callback and the report page (the route table), the API reference's pages and its 404 for /favicon.ico.
    expect(stage.Properties!.RouteSettings).toEqual({
      'POST /v1/billing/stripe/webhook': limit,
      'GET /v1/analytics-oauth/callback': limit,
      'GET /openapi.json': limit,
      'GET /docs': limit,
      'GET /favicon.ico': limit,
      'GET /r/{token}': limit,
    });
    const unauthenticated = routes.filter((r) => r.auth !== 'bearer').map((r) => `${r.method} ${gatewayPath(r.path)}`);
    expect(unauthenticated.sort()).toEqual([
      'GET /r/{token}',
      'GET /v1/analytics-oauth/callback',
      'POST /v1/billing/stripe/webhook',
    ]);
    // CloudFormation refuses the settings of a route that does not exist yet: the stage waits for
    // the nested stacks of those routes and for the API reference's.
    const dependsOn = (built.main.toJSON().Resources[stageId].DependsOn ?? []) as string[];
    const apiRoutes = resources(built.templates, 'AWS::ApiGatewayV2::Route');
    for (const key of Object.keys(stage.Properties!.RouteSettings)) {
      const [[routeId, , template]] = apiRoutes.filter(([, route]) => route.Properties!.RouteKey === key) as [
        [string, Resource, Template],
      ];
      // synth's templates are the main stack's, then each route group's in order.
      const group = built.stack.routeGroups[built.templates.indexOf(template) - 1];
      const holder =
        template === built.main ? routeId : built.stack.getLogicalId(group!.nestedStackResource as CfnElement);
      expect(dependsOn, key).toContain(holder);
    }
  });

  it('builds the table from shared/db/table/table-definition.ts, with point-in-time recovery and TTL', () => {
    built.main.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [[, table]] = resources([built.main], 'AWS::DynamoDB::Table') as [[string, Resource, Template]];
    const declared = createTableInput('unused');
    const byName = (a: { AttributeName: string }, b: { AttributeName: string }) =>
      a.AttributeName.localeCompare(b.AttributeName);
    const byIndex = (a: { IndexName: string }, b: { IndexName: string }) => a.IndexName.localeCompare(b.IndexName);
    expect(table.Properties).toMatchObject({
      BillingMode: declared.BillingMode,
      KeySchema: declared.KeySchema,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
    expect([...table.Properties!.AttributeDefinitions].sort(byName)).toEqual(
      [...declared.AttributeDefinitions].sort(byName),
    );
    expect([...table.Properties!.GlobalSecondaryIndexes].sort(byIndex)).toEqual(
      [...declared.GlobalSecondaryIndexes].sort(byIndex),
    );
    expect(table.Properties!.TableName).toBeUndefined();
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.Properties!.DeletionProtectionEnabled).toBeFalsy();
  });

  it('keeps the data buckets (avatars, files, exports) private, encrypted and TLS-only, with CORS for presigned PUT/GET and server access logs', () => {
    const buckets = resources([built.main], 'AWS::S3::Bucket').filter(([id]) => !id.startsWith('AccessLogs'));
    expect(buckets).toHaveLength(3);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties!.LoggingConfiguration).toMatchObject({
        DestinationBucketName: { Ref: expect.stringMatching(/^AccessLogs/) },
      });
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        CorsConfiguration: {
          CorsRules: [
            {
              AllowedMethods: ['PUT', 'GET'],
              AllowedOrigins: ['*'],
              AllowedHeaders: ['content-type', 'content-length'],
            },
          ],
        },
      });
      expect(bucket.Properties!.BucketName).toBeUndefined();
    }
    built.main.resourcePropertiesCountIs(
      'AWS::S3::BucketPolicy',
      {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      },
      4, // and the access log bucket's
    );
  });

  it('answers CORS preflights allowing and exposing the headers of docs/decisions.md, and outputs the URL, table and bucket names', () => {
    built.main.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: {
        AllowOrigins: ['*'],
        // docs/decisions.md "Retries and browsers": exactly these, spelled out here rather than read from shared/http/cors.ts.
        AllowHeaders: [
          'authorization',
          'content-type',
          'idempotency-key',
          'traceparent',
          'tracestate',
          'baggage',
          'x-request-id',
        ],
        // A web client on another origin can read when to retry a 429, and whether an answer was replayed.
        ExposeHeaders: ['retry-after', 'x-request-id', 'idempotent-replayed'],
      },
    });
    for (const output of [
      'ApiUrl',
      'TableName',
      'AvatarsBucketName',
      'FilesBucketName',
      'ExportsBucketName',
      'StripeSecretArn',
      'GoogleOAuthClientSecretArn',
      'PlatformCredentialsSecretArn',
    ])
      built.main.hasOutput(output, {});
  });

  it('keeps every stack well under the 500-resource limit', () => {
    expect(built.stack.routeGroups.length).toBeGreaterThan(1);
    for (const template of built.templates) {
      expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(RESOURCE_BUDGET);
    }
  });

  it('warns that token verification is unconfigured when an issuer is given without its audience', () => {
    Annotations.fromStack(built.stack).hasNoWarning('*', Match.stringLikeRegexp('Token verification'));
    const { stack, main } = synth({ stage: 'dev', jwtIssuer: 'https://id.example.com' });
    Annotations.fromStack(stack).hasWarning(
      '*',
      Match.stringLikeRegexp('Token verification is not configured.*audience'),
    );
    main.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: { Issuer: 'https://id.example.com', Audience: ['configure-jwtAudience'] },
    });
  });
});

describe('production stack', () => {
  it('protects the table from deletion, takes the configured issuer, audience and origins, and has no placeholder warning', () => {
    const { stack, main, templates } = synth(PRODUCTION.context, PRODUCTION.env);
    main.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
    main.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: { AllowOrigins: ['https://app.example.com'] },
    });
    main.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: { Issuer: 'https://id.example.com', Audience: ['api'] },
    });
    main.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
      RouteSettings: Match.objectLike({
        'POST /v1/billing/stripe/webhook': { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      }),
    });
    const [[, fn]] = resources(templates, 'AWS::Lambda::Function') as [[string, Resource, Template]];
    expect(fn.Properties!.Environment.Variables).toMatchObject({
      JWT_ISSUER: 'https://id.example.com',
      JWT_AUDIENCE: 'api',
    });
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('Token verification'));
  });

  it('takes throttling from context, and every audience of a comma-separated list', () => {
    const { main } = synth(
      { ...PRODUCTION.context, throttlingRateLimit: '75', throttlingBurstLimit: 150 },
      { JWT_AUDIENCE: 'web, mobile' },
    );
    main.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 75, ThrottlingBurstLimit: 150 },
    });
    // The public routes' limits stay within a stage's set lower than them.
    const low = synth(
      { ...PRODUCTION.context, throttlingRateLimit: '10', throttlingBurstLimit: 20 },
      PRODUCTION.env,
    ).main;
    low.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: Match.objectLike({
        'GET /v1/analytics-oauth/callback': { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
      }),
    });
    main.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', { JwtConfiguration: { Audience: ['web', 'mobile'] } });
    expect(() => synth({ ...PRODUCTION.context, throttlingBurstLimit: '1.5' })).toThrow(/throttlingBurstLimit/);
    expect(() => synth({ ...PRODUCTION.context, throttlingRateLimit: '-1' })).toThrow(/throttlingRateLimit/);
  });

  it('refuses an unknown stage, and a production stage without allowed origins', () => {
    expect(() => synth({ stage: 'prod' })).toThrow(/must be one of dev, staging, production/);
    expect(() => synth({ stage: 'production' })).toThrow(/allowedOrigins/);
  });
});
