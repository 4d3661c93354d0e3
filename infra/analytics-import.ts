/**
 * Web analytics in the cloud (DECISIONS.md "Web analytics"): the KMS key that seals the analytics
 * refresh tokens, the Secrets Manager secret of Google's OAuth client (JSON `{"clientId",
 * "clientSecret"}`, set by an operator; only its ARN is in any environment), and the daily import
 * job on an EventBridge schedule. Each function gets exactly what it does: the completion, which
 * stores the grant, may only encrypt and the functions that use a grant may only decrypt, each only
 * under an encryption context naming an organization; only the functions that talk to Google read
 * the client secret; the callback, which only passes the browser on, gets the web client's URL alone.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

/** What each function that touches the grant does with the token key. */
export const TOKEN_KEY_USE: Readonly<Record<string, 'encrypt' | 'decrypt'>> = {
  'analytics/complete': 'encrypt',
  'analytics/select-property': 'decrypt',
  'analytics/disconnect': 'decrypt',
  'jobs/import-analytics': 'decrypt',
};

/** The route handlers that call Google (OAuth, Admin or Data API). */
export const GOOGLE_CALLERS = ['analytics/auth-url', 'analytics/complete', 'analytics/select-property', 'analytics/disconnect'];

/** The route handler that sends the browser to the web client (the OAuth callback): it stores nothing and calls no Google. */
export const WEB_CLIENT_REDIRECTS = ['analytics/oauth-callback'];

export interface WebAnalyticsProps {
  table: ITable;
  config: StageConfig;
  environment: Record<string, string>;
  /** The API's base URL: the OAuth callback registered with Google is under it. */
  apiUrl: string;
}

export class WebAnalytics extends Construct {
  readonly tokenKey: Key;
  readonly oauthClient: Secret;
  readonly importer: RouteFunction;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: WebAnalyticsProps,
  ) {
    super(scope, id);
    const { table, config, environment } = props;
    this.tokenKey = new Key(this, 'TokenKey', {
      description: 'Seals the Google Analytics refresh tokens (encryption context: organizationId).',
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    this.oauthClient = new Secret(this, 'GoogleOAuthClient', {
      description: 'Google OAuth client of web analytics: JSON {"clientId","clientSecret"}; set by an operator.',
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.oauthClient).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A Google Cloud OAuth client secret is issued and rolled in the Google Cloud console, which no rotation Lambda can do.',
    });
    this.importer = new RouteFunction(this, 'Importer', {
      handler: 'jobs/import-analytics',
      description: 'job: import-analytics',
      environment,
      logRetention: config.logRetention,
      logRemovalPolicy: config.removalPolicy,
      timeout: Duration.minutes(5),
    });
    this.importer.bindTable(table, 'read-write');
    this.bind(this.importer);
    // Hourly: a property whose first import did not finish gets its 90 days within the hour; each
    // other one its last three days once a day (GA4 revises recent days).
    new Rule(this, 'Schedule', { schedule: Schedule.rate(Duration.hours(1)), targets: [new LambdaFunction(this.importer)] });
  }

  /** Gives a function what its part of web analytics needs (nothing for one that has none). */
  bind(fn: RouteFunction): void {
    const use = TOKEN_KEY_USE[fn.handlerModule];
    if (use) {
      fn.addEnvironment('ANALYTICS_TOKEN_KEY_ARN', this.tokenKey.keyArn);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt'],
          resources: [this.tokenKey.keyArn],
          conditions: { 'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] }, Null: { 'kms:EncryptionContextKeys': 'false' } },
        }),
      );
    }
    if (use || GOOGLE_CALLERS.includes(fn.handlerModule)) {
      fn.addEnvironment('GOOGLE_OAUTH_SECRET_ARN', this.oauthClient.secretArn);
      fn.addEnvironment('ANALYTICS_OAUTH_REDIRECT_URI', `${this.props.apiUrl}/v1/analytics-oauth/callback`);
      fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.oauthClient.secretArn] }));
    }
    if (WEB_CLIENT_REDIRECTS.includes(fn.handlerModule)) fn.addEnvironment('WEB_CLIENT_URL', this.props.config.billing.webClientUrl);
  }
}
