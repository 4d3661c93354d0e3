/**
 * The CDK stack, asserted on its synthesized templates: one function and one API route per entry
 * of the route table, least-privilege IAM, the table and buckets as declared. Synthesized without
 * esbuild (`aws:cdk:bundling-stacks: []`), so it proves wiring, not bundles; `npm run synth` bundles.
 */
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayPath, NOT_IMPLEMENTED_HANDLER, routes } from '../../functions/routes.ts';
import { ServiceStack } from '../../infra/stack.ts';
import { readStageConfig } from '../../infra/stage-config.ts';
import { createTableInput } from '../../shared/db/table-definition.ts';

type Resource = { Type: string; Properties?: Record<string, any>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[] };

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
/** Fail long before CloudFormation's hard limit of 500 resources per stack. */
const RESOURCE_BUDGET = 400;

/** Env passed explicitly: the test setup exports JWT_* variables that must not leak into the stack. */
function synth(context: Record<string, unknown>, env: Record<string, string> = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const config = readStageConfig(app.node, env);
  const stack = new ServiceStack(app, `Test-${config.stage}`, { config });
  const main = Template.fromStack(stack);
  const templates = [main, ...stack.routeGroups.map((group) => Template.fromStack(group))];
  return { stack, main, templates };
}

function resources(templates: Template[], type: string): [string, Resource, Template][] {
  return templates.flatMap((t) =>
    Object.entries(t.findResources(type) as Record<string, Resource>).map(([id, r]) => [id, r, t] as [string, Resource, Template]),
  );
}

function actions(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Allowed actions of a function: every IAM policy attached to its role, in its own template. */
function functionActions(fn: Resource, template: Template): string[] {
  const roleId: string = fn.Properties!.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => p.Properties!.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => (p.Properties!.PolicyDocument.Statement as Statement[]).filter((s) => s.Effect === 'Allow'))
    .flatMap(actions);
}

describe('dev stack', () => {
  let built: ReturnType<typeof synth>;
  let functions: [string, Resource, Template][];
  const byKey = (key: string) => functions.filter(([, fn]) => fn.Properties!.Description === key);

  beforeAll(() => {
    built = synth({ stage: 'dev' });
    functions = resources(built.templates, 'AWS::Lambda::Function');
  });

  it('has exactly one function per route of the table, plus the $default catch-all and the deletion sweeper', () => {
    expect(functions).toHaveLength(routes.length + 2);
    for (const route of routes) expect(byKey(route.key), route.key).toHaveLength(1);
    expect(byKey('$default')).toHaveLength(1);
  });

  it('gives every function the shared defaults (API functions 10 s, the scheduled sweeper 5 min)', () => {
    for (const [, fn] of functions) {
      const job = String(fn.Properties!.Description).startsWith('job:');
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: job ? 300 : 10,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
        Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', JWT_ISSUER: expect.any(String) } },
      });
    }
  });

  it('runs the deletion sweeper every 15 minutes with table and files-bucket access', () => {
    const [[, sweeper, template]] = functions.filter(([, fn]) => fn.Properties!.Description === 'job: finish-tenant-deletions') as [[string, Resource, Template]];
    expect(functionActions(sweeper, template)).toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem', 's3:DeleteObject']));
    const rules = resources(built.templates, 'AWS::Events::Rule');
    expect(rules.map(([, rule]) => rule.Properties!.ScheduleExpression)).toEqual(['rate(15 minutes)']);
  });

  it('mounts every route of the table as an API route, and $default', () => {
    const routeKeys = resources(built.templates, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey);
    const expected = [...routes.map((r) => `${r.method} ${gatewayPath(r.path)}`), '$default'];
    expect([...routeKeys].sort()).toEqual([...expected].sort());
  });

  it('grants no wildcard action in any IAM policy', () => {
    const allowed = [...resources(built.templates, 'AWS::IAM::Policy'), ...resources(built.templates, 'AWS::IAM::Role')]
      .flatMap(([, r]) => [r.Properties!.PolicyDocument, ...(r.Properties!.Policies ?? []).map((p: any) => p.PolicyDocument)])
      .filter(Boolean)
      .flatMap((doc) => (doc.Statement as Statement[]).filter((s) => s.Effect === 'Allow'))
      .flatMap(actions);
    expect(allowed).toContain('dynamodb:GetItem');
    // Every allowed action is named exactly: no '*', no 'service:*', no prefix such as 's3:GetObject*'.
    expect(allowed.filter((a) => a.includes('*'))).toEqual([]);
  });

  it('gives GET routes read access only, other built routes read-write, stubs nothing', () => {
    for (const route of routes) {
      const [[, fn, template]] = byKey(route.key) as [[string, Resource, Template]];
      const granted = functionActions(fn, template);
      const variables = fn.Properties!.Environment.Variables;
      if (route.handler === NOT_IMPLEMENTED_HANDLER) {
        expect(granted.filter((a) => /^(dynamodb|s3):/.test(a)), route.key).toEqual([]);
        expect(variables.TABLE_NAME, route.key).toBeUndefined();
        continue;
      }
      expect(variables.TABLE_NAME, route.key).toBeDefined();
      expect(granted, route.key).toContain('dynamodb:Query');
      if (route.method === 'GET') {
        expect(granted.filter((a) => WRITE_ACTIONS.includes(a) || a.startsWith('s3:Put') || a.startsWith('s3:Delete')), route.key).toEqual([]);
      } else {
        expect(granted, route.key).toEqual(expect.arrayContaining(WRITE_ACTIONS));
      }
      const s3 = granted.some((a) => a.startsWith('s3:'));
      expect(s3, `${route.key} bucket access`).toBe(route.buckets.length > 0);
      if (route.buckets.includes('avatars')) expect(variables.AVATARS_BUCKET, route.key).toBeDefined();
      if (route.buckets.includes('files')) expect(variables.FILES_BUCKET, route.key).toBeDefined();
    }
    const [[, catchAll, template]] = byKey('$default') as [[string, Resource, Template]];
    expect(functionActions(catchAll, template).filter((a) => /^(dynamodb|s3):/.test(a))).toEqual([]);
  });

  it('builds the table from shared/db/table-definition.ts, with point-in-time recovery and TTL', () => {
    built.main.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [[, table]] = resources([built.main], 'AWS::DynamoDB::Table') as [[string, Resource, Template]];
    const declared = createTableInput('unused');
    const byName = (a: { AttributeName: string }, b: { AttributeName: string }) => a.AttributeName.localeCompare(b.AttributeName);
    const byIndex = (a: { IndexName: string }, b: { IndexName: string }) => a.IndexName.localeCompare(b.IndexName);
    expect(table.Properties).toMatchObject({
      BillingMode: declared.BillingMode,
      KeySchema: declared.KeySchema,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
    expect([...table.Properties!.AttributeDefinitions].sort(byName)).toEqual([...declared.AttributeDefinitions].sort(byName));
    expect([...table.Properties!.GlobalSecondaryIndexes].sort(byIndex)).toEqual([...declared.GlobalSecondaryIndexes].sort(byIndex));
    expect(table.Properties!.TableName).toBeUndefined();
    expect(table.DeletionPolicy).toBe('Delete');
  });

  it('keeps both buckets private, encrypted and TLS-only, with CORS for presigned PUT/GET', () => {
    const buckets = resources([built.main], 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        CorsConfiguration: { CorsRules: [{ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: ['*'], AllowedHeaders: ['content-type', 'content-length'] }] },
      });
      expect(bucket.Properties!.BucketName).toBeUndefined();
    }
    built.main.resourcePropertiesCountIs(
      'AWS::S3::BucketPolicy',
      { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } },
      2,
    );
  });

  it('answers CORS preflights and outputs the URL, table and bucket names', () => {
    built.main.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: { AllowOrigins: ['*'], AllowHeaders: Match.arrayWith(['authorization', 'content-type']) },
    });
    for (const output of ['ApiUrl', 'TableName', 'AvatarsBucketName', 'FilesBucketName']) built.main.hasOutput(output, {});
  });

  it('keeps every stack well under the 500-resource limit', () => {
    expect(built.stack.routeGroups.length).toBeGreaterThan(1);
    for (const template of built.templates) {
      expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(RESOURCE_BUDGET);
    }
  });

  it('warns that token verification is unconfigured when no issuer is given', () => {
    Annotations.fromStack(built.stack).hasWarning('*', Match.stringLikeRegexp('Token verification is not configured'));
    expect(functions[0]![1].Properties!.Environment.Variables.JWT_ISSUER).toBe('https://issuer.invalid/configure-jwtIssuer');
  });
});

describe('production stack', () => {
  it('retains the table, takes the configured issuer and origins, and has no placeholder warning', () => {
    const { stack, main, templates } = synth(
      { stage: 'production', allowedOrigins: 'https://app.example.com', jwtIssuer: 'https://id.example.com' },
      { JWT_AUDIENCE: 'api' },
    );
    main.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    main.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: { AllowOrigins: ['https://app.example.com'] } });
    const [[, fn]] = resources(templates, 'AWS::Lambda::Function') as [[string, Resource, Template]];
    expect(fn.Properties!.Environment.Variables).toMatchObject({ JWT_ISSUER: 'https://id.example.com', JWT_AUDIENCE: 'api' });
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('Token verification'));
  });

  it('refuses an unknown stage, and a production stage without allowed origins', () => {
    expect(() => synth({ stage: 'prod' })).toThrow(/must be one of dev, staging, production/);
    expect(() => synth({ stage: 'production' })).toThrow(/allowedOrigins/);
  });
});
