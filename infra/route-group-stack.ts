/**
 * The functions and API routes of one resource group (`/v1/users/...`, `/v1/reporting/...`).
 * A nested stack per group because CloudFormation allows 500 resources per stack and each route
 * costs seven (function, role, policy, log group, integration, route, invoke permission).
 */
import { CfnParameter, NestedStack, type NestedStackProps, Validations } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { type BucketName, gatewayPath, type Route, takesIdempotencyKey } from '../functions/routes.ts';
import { routeGroupOf } from '../shared/support/metric-catalogue.ts';
import { RouteFunction } from './route-function.ts';
import { bindReportPage, REPORT_PAGE } from './report-links.ts';
import type { StageConfig } from './stage-config.ts';

export interface RouteResources {
  api: IHttpApi;
  /** Checks the bearer token at the edge, for routes whose `auth` is `bearer`. */
  authorizer: IHttpRouteAuthorizer;
  table: ITable;
  buckets: Record<BucketName, IBucket>;
  config: StageConfig;
  /** Variables every function gets (token verification). */
  environment: Record<string, string>;
}

export interface RouteGroupStackProps extends NestedStackProps, RouteResources {
  routes: readonly Route[];
}

const BUCKET_VARIABLES: Record<BucketName, string> = {
  avatars: 'AVATARS_BUCKET',
  files: 'FILES_BUCKET',
  exports: 'EXPORTS_BUCKET',
};

/** `users` for `/v1/users/:id`: the nested stack a route belongs to, and its metrics' `routeGroup`. */
export function routeGroup(route: Route): string {
  if (!/^\/(v1|r)\/[^/]/.test(route.path))
    throw new Error(`Route ${route.key} has no resource segment after /v1/ (or /r/, a report link's page)`);
  return routeGroupOf(route.path);
}

/** Stable, readable construct ids, e.g. GET /v1/users/:id/settings -> GetUsersByIdSettings. */
export function routeId(route: Route): string {
  const words = `${route.method.toLowerCase()} ${route.path.replace(/^\/v1\//, '').replace(/:/g, 'by-')}`;
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

export class RouteGroupStack extends NestedStack {
  readonly functions: RouteFunction[] = [];
  /** The routes' group (`users`). */
  readonly group: string;

  constructor(scope: Construct, id: string, props: RouteGroupStackProps) {
    super(scope, id, props);
    this.group = routeGroup(props.routes[0]!);
    const buckets = {} as Record<BucketName, IBucket>;
    for (const [name, bucket] of Object.entries(props.buckets) as [BucketName, IBucket][]) {
      // An explicit, named parameter rather than CDK's generated cross-stack reference, so the
      // object ARN reads `<FilesBucketArn>/*` wherever it is granted (and acknowledged: RouteFunction).
      const parameter = `${name[0]!.toUpperCase()}${name.slice(1)}BucketArn`;
      this.setParameter(parameter, bucket.bucketArn);
      buckets[name] = Bucket.fromBucketArn(
        this,
        `${parameter}Import`,
        new CfnParameter(this, parameter, { type: 'String' }).valueAsString,
      );
    }
    for (const route of props.routes) this.functions.push(addRoute(this, route, { ...props, buckets }));
  }
}

/** One function and one API route for one entry of the route table. */
export function addRoute(scope: Construct, route: Route, resources: RouteResources): RouteFunction {
  const id = routeId(route);
  const fn = new RouteFunction(scope, id, {
    handler: route.handler,
    description: route.key,
    environment: resources.environment,
    config: resources.config,
  });
  // GETs of the API only read, the analytics OAuth callback (no token) included: it passes the
  // state on and stores nothing, so whoever's browser arrives there can write nothing.
  const access = route.method === 'GET' ? 'read' : 'read-write';
  // A report link's page reads, and counts its views with one narrow write (infra/report-links.ts).
  if (route.handler === REPORT_PAGE) bindReportPage(fn, resources.table);
  else fn.bindTable(resources.table, access);
  if (takesIdempotencyKey(route)) fn.bindIdempotencyRecords(resources.table);
  for (const bucket of route.buckets) fn.bindBucket(BUCKET_VARIABLES[bucket], resources.buckets[bucket], access);
  const apiRoute = new HttpRoute(scope, `${id}Route`, {
    httpApi: resources.api,
    routeKey: HttpRouteKey.with(gatewayPath(route.path), HttpMethod[route.method]),
    integration: new HttpLambdaIntegration(`${id}Integration`, fn),
    // Explicitly none otherwise, whatever the API's default authorizer may become.
    authorizer: route.auth === 'bearer' ? resources.authorizer : new HttpNoneAuthorizer(),
  });
  if (route.auth !== 'bearer') {
    Validations.of(apiRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: `${route.key} takes no bearer token by design (auth: ${route.auth}); its handler authenticates the request its own way.`,
    });
  }
  return fn;
}
