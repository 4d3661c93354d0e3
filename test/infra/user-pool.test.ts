/**
 * The stack's own identity provider (infra/user-pool.ts): with no issuer in context it makes a
 * Cognito user pool (email sign-in, verified email, optional MFA, deletion protection on
 * production), a public app client with the authorization code flow for the web client, the
 * managed login domain and the V2 pre-token-generation trigger, and points the API's authorizer and
 * every function's verifier at that pool and client; with an issuer in context it makes none.
 */
import { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStageConfig } from '../../infra/stage-config.ts';
import { synth } from './synth.ts';

/** A whole stack synthesized inside a test: minutes on a busy machine. */
const SYNTH_TIMEOUT = 300_000;

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
const resourcesOf = (template: Template) => (template.toJSON() as { Resources: Resources }).Resources;
const logicalId = (template: Template, type: string) => {
  const ids = Object.entries(resourcesOf(template))
    .filter(([, r]) => r.Type === type)
    .map(([id]) => id);
  expect(ids, type).toHaveLength(1);
  return ids[0]!;
};

describe('with no identity context', () => {
  let built: ReturnType<typeof synth>;
  let poolId: string;
  let clientId: string;
  beforeAll(() => {
    built = synth({ stage: 'dev', webClientUrl: 'https://app.example.com/auth/callback' });
    poolId = logicalId(built.main, 'AWS::Cognito::UserPool');
    clientId = logicalId(built.main, 'AWS::Cognito::UserPoolClient');
  }, SYNTH_TIMEOUT);

  it('makes a user pool: email sign-in, verified email, optional TOTP MFA, Essentials plan, no deletion protection in dev', () => {
    built.main.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'ESSENTIALS',
      DeletionProtection: 'INACTIVE',
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireSymbols: true }) },
    });
  });

  it('runs the V2 pre-token-generation trigger, the function of functions/identity/pre-token-generation.ts', () => {
    const pool = resourcesOf(built.main)[poolId]!.Properties;
    expect(pool.LambdaConfig.PreTokenGenerationConfig).toEqual({ LambdaArn: expect.anything(), LambdaVersion: 'V2_0' });
    const triggerId = pool.LambdaConfig.PreTokenGenerationConfig.LambdaArn['Fn::GetAtt'][0] as string;
    expect(resourcesOf(built.main)[triggerId]).toMatchObject({
      Type: 'AWS::Lambda::Function',
      Properties: { Description: 'trigger: pre-token-generation', Handler: 'index.handler' },
    });
    built.main.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
    });
  });

  it('gives the web client a public app client: code flow, no secret, callback and sign-out at webClientUrl, tokens of an hour', () => {
    built.main.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: { Ref: poolId },
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      CallbackURLs: ['https://app.example.com/auth/callback'],
      LogoutURLs: ['https://app.example.com/auth/callback'],
      SupportedIdentityProviders: ['COGNITO'],
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 60,
    });
  });

  it('serves the managed login pages on a Cognito domain, styled by Cognito', () => {
    built.main.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      UserPoolId: { Ref: poolId },
      ManagedLoginVersion: 2,
    });
    built.main.hasResourceProperties('AWS::Cognito::ManagedLoginBranding', {
      UserPoolId: { Ref: poolId },
      ClientId: { Ref: clientId },
      UseCognitoProvidedValues: true,
    });
  });

  it("points the API's authorizer and every function's verifier at the pool and its client", () => {
    const issuer = { 'Fn::GetAtt': [poolId, 'ProviderURL'] };
    built.main.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: { Issuer: issuer, Audience: [{ Ref: clientId }] },
    });
    const main = Object.values(resourcesOf(built.main)).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description !== 'trigger: pre-token-generation',
    );
    expect(main.length).toBeGreaterThan(5);
    for (const fn of main) {
      expect(fn.Properties.Environment.Variables, fn.Properties.Description).toMatchObject({
        JWT_ISSUER: issuer,
        JWT_AUDIENCE: { Ref: clientId },
        COGNITO_USER_POOL_ID: { Ref: poolId },
      });
    }
    // The route groups' nested stacks get them as parameters from the main stack.
    const routeFn = Object.values(resourcesOf(built.templates[1]!)).find((r) => r.Type === 'AWS::Lambda::Function')!;
    expect(Object.keys(routeFn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['JWT_ISSUER', 'JWT_AUDIENCE', 'COGNITO_USER_POOL_ID']),
    );
  });

  it('outputs what the web client needs', () => {
    for (const output of [
      'UserPoolId',
      'UserPoolClientId',
      'UserPoolIssuer',
      'LoginDomainUrl',
      'AuthorizeUrl',
      'TokenUrl',
      'WebClientCallbackUrl',
    ])
      built.main.hasOutput(output, {});
  });
});

describe('on production with no identity context', () => {
  it(
    "protects the user pool from deletion and keeps it with the stack's data",
    () => {
      const { main } = synth({
        stage: 'production',
        allowedOrigins: 'https://app.example.com',
        webClientUrl: 'https://app.example.com',
        authDomainPrefix: 'acme-measurement',
      });
      main.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: { DeletionProtection: 'ACTIVE' },
      });
      main.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'acme-measurement' });
    },
    SYNTH_TIMEOUT,
  );
});

describe('with an issuer in context', () => {
  it(
    'makes no user pool',
    () => {
      const { main } = synth({ stage: 'dev', cognitoUserPoolId: 'eu-west-1_Existing1' }, { JWT_AUDIENCE: 'api' });
      main.resourceCountIs('AWS::Cognito::UserPool', 0);
      main.resourceCountIs('AWS::Cognito::UserPoolClient', 0);
      main.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        JwtConfiguration: {
          Issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Existing1',
          Audience: ['api'],
        },
      });
      const app = new App({ context: { jwtIssuer: 'https://id.example.com' } });
      expect(readStageConfig(app.node, {}).jwt).toEqual({
        issuer: 'https://id.example.com',
        audience: 'configure-jwtAudience',
        placeholders: [expect.stringContaining('audience')],
      });
      expect(readStageConfig(new App().node, {}).jwt).toEqual({ ownUserPool: true });
    },
    SYNTH_TIMEOUT,
  );

  it('refuses a domain prefix Cognito would', () => {
    for (const prefix of ['my-cognito-login', 'Upper', '-dash', 'aws-login']) {
      expect(() => readStageConfig(new App({ context: { authDomainPrefix: prefix } }).node, {}), prefix).toThrow(
        /authDomainPrefix/,
      );
    }
    expect(readStageConfig(new App({ context: { authDomainPrefix: 'acme-login-2' } }).node, {}).authDomainPrefix).toBe(
      'acme-login-2',
    );
  });
});
