/**
 * The service's own public routes (docs/decisions.md "The service's own routes"): `GET /openapi.json`
 * and `GET /docs`, no token, and `GET /favicon.ico` (an empty 404 rather than the catch-all's 401).
 * One small function answers them (functions/service/api-reference.ts);
 * Redoc's standalone bundle is copied into its asset, since the page inlines it (no CDN).
 */
import { Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { API_REFERENCE_PATHS } from '../functions/service/api-reference.ts';
import { RouteFunction, type RouteFunctionProps } from './route-function.ts';

export const API_REFERENCE_HANDLER = 'service/api-reference';

export class ApiReference extends Construct {
  readonly function: RouteFunction;

  constructor(
    scope: Construct,
    id: string,
    props: Pick<RouteFunctionProps, 'environment' | 'config'> & { api: IHttpApi },
  ) {
    super(scope, id);
    this.function = new RouteFunction(this, 'Function', {
      handler: API_REFERENCE_HANDLER,
      description: 'GET /openapi.json, GET /docs and GET /favicon.ico',
      environment: props.environment,
      config: props.config,
      assetFiles: ['node_modules/redoc/bundles/redoc.standalone.js'],
    });
    const integration = new HttpLambdaIntegration('Integration', this.function);
    for (const path of API_REFERENCE_PATHS) {
      const route = new HttpRoute(this, `Route${path.replace(/[^A-Za-z]/g, '')}`, {
        httpApi: props.api,
        routeKey: HttpRouteKey.with(path, HttpMethod.GET),
        integration,
        authorizer: new HttpNoneAuthorizer(),
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `GET ${path} is public by design (docs/decisions.md "The service's own routes"): the API's description or an empty 404, no data.`,
      });
    }
  }
}
