/**
 * Web analytics in the cloud (docs/decisions.md "Web analytics"): the KMS key that seals the analytics
 * refresh tokens, the Secrets Manager secret of Google's OAuth client (JSON `{"clientId",
 * "clientSecret"}`, set by an operator; only its ARN is in any environment), and the daily import
 * job on an EventBridge schedule. Each function gets exactly what it does: the completion, which
 * stores the grant, may only encrypt and the functions that use a grant may only decrypt, each only
 * under an encryption context naming an organization; only the functions that talk to Google read
 * the client secret; the callback, which only passes the browser on, gets the web client's URL alone.
 * The key's own policy says the same (`TOKEN_KEY_USE` decides both), so no IAM policy elsewhere in
 * the account (an administrator's `kms:*`) can use the key: the account only administers it.
 *
 * The same key seals the webhook signing secrets (infra/webhook-delivery.ts). Every grant names the
 * purpose of the secrets its function handles (`kms:EncryptionContext:purpose`, the token sealer's
 * `{organizationId, purpose}` context), so the webhook delivery worker, which POSTs to URLs owners
 * choose, cannot open a Google refresh token, and the analytics functions cannot open a signing
 * secret. While `legacySealedSecrets` is on, the roles that open a kind of secret may also open it
 * under `{organizationId}` alone (secrets sealed before purposes), and the account may reseal with
 * ReEncrypt on this key (`npm run reindex`); both go when it is turned off.
 */
import { Duration, Names, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { AccountRootPrincipal, type CfnRole, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SealPurpose } from '../shared/integrations/token-sealer/port.ts';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

/** What each function that touches the grant does with the token key. */
export const TOKEN_KEY_USE: Readonly<Record<string, 'encrypt' | 'decrypt'>> = {
  'analytics/complete': 'encrypt',
  'analytics/select-property': 'decrypt',
  'analytics/disconnect': 'decrypt',
  'jobs/import-analytics': 'decrypt',
};

/**
 * What the account may do with the token key: administer it, never use it. No `kms:*`, no
 * encrypt, decrypt, re-encrypt or data keys, and no kms:CreateGrant (a grant would hand out what
 * the policy withholds).
 */
export const TOKEN_KEY_ADMIN_ACTIONS = [
  'kms:DescribeKey',
  'kms:GetKeyPolicy',
  'kms:GetKeyRotationStatus',
  'kms:ListAliases',
  'kms:ListGrants',
  'kms:ListKeyPolicies',
  'kms:ListKeyRotations',
  'kms:ListResourceTags',
  'kms:PutKeyPolicy',
  'kms:EnableKey',
  'kms:DisableKey',
  'kms:EnableKeyRotation',
  'kms:DisableKeyRotation',
  'kms:RotateKeyOnDemand',
  'kms:UpdateKeyDescription',
  'kms:CreateAlias',
  'kms:UpdateAlias',
  'kms:DeleteAlias',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:RevokeGrant',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
];

/** The purpose of the secrets the analytics functions seal and open (token-sealer/port.ts). */
export const TOKEN_PURPOSE: SealPurpose = 'google-refresh-token';

/** The encryption context token-sealer/cloud.ts passes: `{organizationId, purpose}` with this purpose, and nothing else. */
export function purposeConditions(purpose: SealPurpose) {
  return {
    'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId', 'purpose'] },
    StringEquals: { 'kms:EncryptionContext:purpose': purpose },
    Null: {
      'kms:EncryptionContextKeys': 'false',
      'kms:EncryptionContext:organizationId': 'false',
      'kms:EncryptionContext:purpose': 'false',
    },
  };
}

/** The context of a secret sealed before purposes: `{organizationId}`, and nothing else (decrypt only, while `legacySealedSecrets`). */
export const LEGACY_CONTEXT_CONDITIONS = {
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] },
  Null: { 'kms:EncryptionContextKeys': 'false', 'kms:EncryptionContext:organizationId': 'false' },
};

/** The route handlers that call Google (OAuth, Admin or Data API). */
export const GOOGLE_CALLERS = [
  'analytics/auth-url',
  'analytics/complete',
  'analytics/select-property',
  'analytics/disconnect',
];

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
      description:
        'Seals the Google Analytics refresh tokens and the webhook signing secrets (encryption context: organizationId and purpose).',
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
      // Replaces CDK's default (kms:* to the account); `bind` adds each function's one use.
      policy: new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: 'AccountAdministersOnly',
            principals: [new AccountRootPrincipal()],
            actions: TOKEN_KEY_ADMIN_ACTIONS,
            resources: ['*'],
          }),
        ],
      }),
    });
    if (config.legacySealedSecrets) {
      // `npm run reindex` (an operator's credentials) reseals the secrets sealed before purposes with
      // theirs: ReEncrypt on this key alone, the value never leaving KMS. Gone with legacySealedSecrets.
      this.tokenKey.addToResourcePolicy(
        new PolicyStatement({
          sid: 'AccountResealsOnSameKey',
          principals: [new AccountRootPrincipal()],
          actions: ['kms:ReEncryptFrom', 'kms:ReEncryptTo'],
          resources: ['*'],
          conditions: { Bool: { 'kms:ReEncryptOnSameKey': 'true' } },
        }),
      );
    }
    this.oauthClient = new Secret(this, 'GoogleOAuthClient', {
      description: 'Google OAuth client of web analytics: JSON {"clientId","clientSecret"}; set by an operator.',
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.oauthClient).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A Google Cloud OAuth client secret is issued and rolled in the Google Cloud console, which no rotation Lambda can do.',
    });
    this.importer = new RouteFunction(this, 'Importer', {
      handler: 'jobs/import-analytics',
      description: 'job: import-analytics',
      environment,
      config,
      timeout: Duration.minutes(5),
    });
    this.importer.bindTable(table, 'read-write');
    this.bind(this.importer);
    // Every 15 minutes: a property just selected (select-property answers at once, `importing`)
    // gets its 90 days within a quarter of an hour, without the route invoking anything; each other
    // one its last three days once a day (GA4 revises recent days; `daysDue` leaves the rest alone).
    new Rule(this, 'Schedule', {
      schedule: Schedule.rate(Duration.minutes(15)),
      targets: [new LambdaFunction(this.importer)],
    });
  }

  /**
   * The ARN of `fn`'s role, built from a name fixed here rather than read from the role: most
   * functions live in nested stacks that take the key's ARN as a parameter, so a reference back
   * from the key's policy would be a dependency cycle. The role is named for its construct path
   * (unique in the app, stable across deploys); the key policy names the principal in a condition
   * (aws:PrincipalArn), which KMS does not require to exist yet when the key is created first.
   */
  private namedRoleArn(fn: RouteFunction): string {
    const role = fn.role!;
    const roleName = Names.uniqueResourceName(role, { maxLength: 64 });
    (role.node.defaultChild as CfnRole).roleName = roleName;
    return Stack.of(this).formatArn({ service: 'iam', region: '', resource: 'role', resourceName: roleName });
  }

  /**
   * Lets a function seal or open with the token key (token-sealer.ts) the secrets of one purpose,
   * only under an encryption context naming an organization and that purpose, in its role's policy
   * and the key's: the analytics functions (`bind`) and the webhook functions, whose signing secrets
   * the same sealer keeps (infra/webhook-delivery.ts). A function that opens may also open its
   * kind of secret sealed before purposes, while `legacySealedSecrets` is on.
   */
  allowTokenKey(fn: RouteFunction, use: 'encrypt' | 'decrypt', purpose: SealPurpose): void {
    const action = use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt';
    fn.addEnvironment('ANALYTICS_TOKEN_KEY_ARN', this.tokenKey.keyArn);
    const contexts = [
      purposeConditions(purpose),
      ...(use === 'decrypt' && this.props.config.legacySealedSecrets ? [LEGACY_CONTEXT_CONDITIONS] : []),
    ];
    const role = this.namedRoleArn(fn);
    for (const conditions of contexts) {
      fn.addToRolePolicy(new PolicyStatement({ actions: [action], resources: [this.tokenKey.keyArn], conditions }));
      this.tokenKey.addToResourcePolicy(
        new PolicyStatement({
          principals: [new AccountRootPrincipal()],
          actions: [action],
          resources: ['*'],
          conditions: { ...conditions, ArnEquals: { 'aws:PrincipalArn': role } },
        }),
      );
    }
  }

  /** Gives a function what its part of web analytics needs (nothing for one that has none). */
  bind(fn: RouteFunction): void {
    const use = TOKEN_KEY_USE[fn.handlerModule];
    if (use) this.allowTokenKey(fn, use, TOKEN_PURPOSE);
    if (use || GOOGLE_CALLERS.includes(fn.handlerModule)) {
      fn.addEnvironment('GOOGLE_OAUTH_SECRET_ARN', this.oauthClient.secretArn);
      fn.addEnvironment('ANALYTICS_OAUTH_REDIRECT_URI', `${this.props.apiUrl}/v1/analytics-oauth/callback`);
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.oauthClient.secretArn] }),
      );
    }
    if (WEB_CLIENT_REDIRECTS.includes(fn.handlerModule))
      fn.addEnvironment('WEB_CLIENT_URL', this.props.config.billing.webClientUrl);
  }
}
