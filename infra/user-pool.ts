/**
 * The stage's own identity provider, made unless context names an issuer (`jwtIssuer` or
 * `cognitoUserPoolId`): a Cognito user pool where people sign in with their verified email (MFA
 * optional, TOTP), a public app client for the web client (authorization code flow with PKCE, no
 * secret; callback and sign-out URLs from context `webClientUrl`), the managed login pages on a
 * Cognito domain, and the pre-token-generation trigger that puts `email` and `email_verified` into
 * access tokens (docs/decisions.md "Identity and tokens"; the V2 event, available from the
 * Essentials feature plan, is the one that can change access tokens).
 */
import { Aws, CfnOutput, Duration, Fn, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  FeaturePlan,
  LambdaVersion,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface ServiceUserPoolProps {
  config: StageConfig;
}

/** The access tokens' lifetime: well inside the 24 hours a token may live (docs/decisions.md "Identity and tokens"). */
export const ACCESS_TOKEN_VALIDITY = Duration.hours(1);

export class ServiceUserPool extends Construct {
  readonly pool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  readonly trigger: RouteFunction;

  constructor(scope: Construct, id: string, { config }: ServiceUserPoolProps) {
    super(scope, id);
    this.trigger = new RouteFunction(this, 'PreTokenGeneration', {
      handler: 'identity/pre-token-generation',
      description: 'trigger: pre-token-generation',
      environment: {},
      config,
      // Cognito waits 5 s for a trigger; the function adds two claims.
      timeout: Duration.seconds(5),
    });

    this.pool = new UserPool(this, 'Pool', {
      featurePlan: FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // A changed address replaces the old one only once its code is confirmed: a token never
      // carries an address its user has not proven.
      keepOriginal: { email: true },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: config.stage === 'production',
      removalPolicy: config.removalPolicy,
    });
    this.pool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, this.trigger, LambdaVersion.V2_0);
    Validations.of(this.pool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional by decision: each user may turn on TOTP; requiring it would stop a colleague invited to a workspace from signing in until they set up an authenticator.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials feature plan: threat protection needs the Plus plan, priced per monthly active user; the API throttles per stage and Cognito rate-limits sign-in attempts itself.',
      },
    );

    const { webClientUrl } = config.billing;
    this.client = this.pool.addClient('WebClient', {
      // A public client (a browser app): no secret, the code exchanged with PKCE.
      generateSecret: false,
      authFlows: { userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [webClientUrl],
        logoutUrls: [webClientUrl],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: ACCESS_TOKEN_VALIDITY,
      idTokenValidity: ACCESS_TOKEN_VALIDITY,
      refreshTokenValidity: Duration.days(30),
    });

    // A Cognito domain's prefix is unique per region: context `authDomainPrefix`, or the stage and
    // the first part of this stack's id (a UUID), so two stages and two accounts never collide.
    const domainPrefix =
      config.authDomainPrefix ??
      Fn.join('-', [
        'creator-measurement',
        config.stage,
        Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID)))),
      ]);
    this.domain = this.pool.addDomain('Login', {
      cognitoDomain: { domainPrefix },
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    // The managed login pages need a style: Cognito's own.
    new CfnManagedLoginBranding(this, 'LoginBranding', {
      userPoolId: this.pool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });

    // What the web client needs to sign a user in (docs/deploy.md).
    new CfnOutput(scope, 'UserPoolId', { value: this.pool.userPoolId });
    new CfnOutput(scope, 'UserPoolClientId', { value: this.client.userPoolClientId });
    new CfnOutput(scope, 'UserPoolIssuer', { value: this.pool.userPoolProviderUrl });
    new CfnOutput(scope, 'LoginDomainUrl', { value: this.domain.baseUrl() });
    new CfnOutput(scope, 'AuthorizeUrl', { value: `${this.domain.baseUrl()}/oauth2/authorize` });
    new CfnOutput(scope, 'TokenUrl', { value: `${this.domain.baseUrl()}/oauth2/token` });
    new CfnOutput(scope, 'WebClientCallbackUrl', { value: webClientUrl });
  }

  /** What the functions' verifier and the API's authorizer check (shared/auth/verifier.ts): the pool's access tokens for this client. */
  verifierEnvironment(): Record<string, string> {
    return {
      JWT_ISSUER: this.pool.userPoolProviderUrl,
      JWT_AUDIENCE: this.client.userPoolClientId,
      COGNITO_USER_POOL_ID: this.pool.userPoolId,
    };
  }
}
