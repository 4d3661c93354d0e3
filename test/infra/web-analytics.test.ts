/**
 * Web analytics in the synthesized stack: a rotating KMS key seals the refresh tokens, and each
 * function may only do with it what it does (the completion encrypt, the grant's users decrypt),
 * only under an encryption context naming an organization; Google's OAuth client secret is read
 * by ARN by the functions that talk to Google alone, never put in an environment; the OAuth
 * callback (no token) stores nothing: it only reads its state, and knows the web client alone; the
 * import job runs hourly. Synthesized without bundling, like stack.test.ts.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { GOOGLE_CALLERS, TOKEN_KEY_USE, WEB_CLIENT_REDIRECTS } from '../../infra/analytics-import.ts';
import { SECRET_KEY_USE } from '../../infra/webhook-delivery.ts';
import { synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

const byType = (template: Template, type: string) => Object.entries(template.findResources(type) as Record<string, Resource>);

function statements(template: Template, fn: Resource): Statement[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

const actionsOf = (s: Statement) => [s.Action].flat();
const handlerOf = (description: string) => (description.startsWith('job: ') ? `jobs/${description.slice(5)}` : routes.find((r) => r.key === description)?.handler);
/** Every function's use of the token key: the analytics grant's and the webhook signing secrets'. */
const KEY_USE: Readonly<Record<string, 'encrypt' | 'decrypt'>> = { ...TOKEN_KEY_USE, ...SECRET_KEY_USE };

describe('web analytics', () => {
  let main: Template;
  let functions: { fn: Resource; template: Template; handler: string | undefined }[];

  beforeAll(() => {
    let templates: Template[];
    ({ main, templates } = synth({ stage: 'dev', webClientUrl: 'https://app.example.com' }));
    functions = templates.flatMap((template) => byType(template, 'AWS::Lambda::Function').map(([, fn]) => ({ fn, template, handler: handlerOf(String(fn.Properties.Description)) })));
  });

  it('seals tokens with a KMS key that rotates', () => {
    const keys = byType(main, 'AWS::KMS::Key').filter(([, k]) => String(k.Properties.Description).includes('Google Analytics'));
    expect(keys).toHaveLength(1);
    expect(keys[0]![1].Properties.EnableKeyRotation).toBe(true);
  });

  it('lets the completion only encrypt and the grant\'s users only decrypt, under an organizationId encryption context; no other function touches KMS', () => {
    for (const { fn, template, handler } of functions) {
      const kms = statements(template, fn).filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')));
      const use = handler ? KEY_USE[handler] : undefined;
      if (!use) {
        expect(kms, fn.Properties.Description).toEqual([]);
        continue;
      }
      expect(kms, fn.Properties.Description).toEqual([
        expect.objectContaining({ Action: use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt', Condition: expect.objectContaining({ 'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] } }) }),
      ]);
      expect(fn.Properties.Environment.Variables.ANALYTICS_TOKEN_KEY_ARN).toBeDefined();
    }
    expect(functions.filter(({ handler }) => handler && KEY_USE[handler]).map(({ handler }) => handler).sort()).toEqual(Object.keys(KEY_USE).sort());
  });

  it('gives the key an explicit policy: the account administers it only; encrypt to the grant\'s storer, decrypt to its readers, each by role and encryption context (docs/decisions.md "Web analytics")', () => {
    const [, key] = byType(main, 'AWS::KMS::Key').find(([, k]) => String(k.Properties.Description).includes('Google Analytics'))!;
    const policy: (Statement & { Effect: string; Principal: unknown; Condition?: Record<string, Record<string, unknown>> })[] = key.Properties.KeyPolicy.Statement;
    const root = { AWS: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':root']] } };
    // What the account root may do unconditioned: nothing that uses the key or hands it out.
    const USES = ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncryptFrom', 'kms:ReEncryptTo', 'kms:GenerateDataKey', 'kms:GenerateDataKeyWithoutPlaintext', 'kms:CreateGrant'];
    const covers = (pattern: string, action: string) => new RegExp(`^${pattern.replaceAll('*', '.*')}$`, 'i').test(action);
    for (const statement of policy) {
      expect(statement.Effect).toBe('Allow');
      expect(statement.Principal).toEqual(root);
      const byRole = statement.Condition?.ArnEquals?.['aws:PrincipalArn'];
      if (byRole) continue;
      for (const use of USES) expect(actionsOf(statement).some((a) => covers(a, use)), `${use} in ${JSON.stringify(statement.Action)}`).toBe(false);
    }
    // Each use: the roles KEY_USE names, by the name their templates give them, under the token's encryption context.
    const roleNameOf = ({ fn, template }: { fn: Resource; template: Template }) => template.toJSON().Resources[fn.Properties.Role['Fn::GetAtt'][0]].Properties.RoleName;
    for (const use of ['encrypt', 'decrypt'] as const) {
      const action = use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt';
      const granted = policy.filter((s) => actionsOf(s).includes(action));
      expect(granted.every((s) => actionsOf(s).length === 1)).toBe(true);
      const principals = granted.map((s) => JSON.stringify(s.Condition!.ArnEquals!['aws:PrincipalArn']));
      const users = functions.filter(({ handler }) => handler && KEY_USE[handler] === use);
      expect(users.length).toBeGreaterThan(0);
      expect(principals.sort()).toEqual(
        users.map((f) => JSON.stringify({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, `:role/${roleNameOf(f)}`]] })).sort(),
      );
      for (const s of granted) {
        expect(s.Condition).toMatchObject({
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] },
          Null: { 'kms:EncryptionContextKeys': 'false', 'kms:EncryptionContext:organizationId': 'false' },
        });
      }
    }
    for (const f of functions) expect(typeof roleNameOf(f) === 'string', f.handler).toBe(Boolean(f.handler && KEY_USE[f.handler]));
  });

  it('gives Google\'s OAuth client secret by ARN to the functions that call Google alone, and its value to no environment', () => {
    const readers = functions.filter(({ fn, template }) => statements(template, fn).some((s) => actionsOf(s).includes('secretsmanager:GetSecretValue') && JSON.stringify(fn.Properties.Environment).includes('GOOGLE_OAUTH_SECRET_ARN')));
    expect(readers.map(({ handler }) => handler).sort()).toEqual([...new Set([...GOOGLE_CALLERS, ...Object.keys(TOKEN_KEY_USE)])].sort());
    for (const { fn } of functions) expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toMatch(/GOOGLE_CLIENT_SECRET|clientSecret|resolve:secretsmanager/);
    for (const { fn } of readers) expect(fn.Properties.Environment.Variables).toMatchObject({ ANALYTICS_OAUTH_REDIRECT_URI: expect.anything() });
  });

  it('lets the OAuth callback read its state and nothing more: no write, no key, no secret; it knows the web client alone', () => {
    expect(TOKEN_KEY_USE['analytics/oauth-callback']).toBeUndefined();
    const callbacks = functions.filter(({ handler }) => handler === 'analytics/oauth-callback');
    expect(callbacks).toHaveLength(1);
    const [{ fn, template }] = callbacks as [(typeof functions)[number]];
    expect(statements(template, fn).flatMap(actionsOf).filter((a) => /^(dynamodb|kms|secretsmanager):/.test(a))).toEqual(['dynamodb:GetItem']);
    expect(fn.Properties.Environment.Variables).toMatchObject({ WEB_CLIENT_URL: 'https://app.example.com' });
    expect(fn.Properties.Environment.Variables.GOOGLE_OAUTH_SECRET_ARN).toBeUndefined();
    // Only the functions that send the browser back are told where the web client is.
    const told = functions.filter(({ fn }) => fn.Properties.Environment?.Variables?.WEB_CLIENT_URL && String(fn.Properties.Description).includes('analytics-oauth'));
    expect(told.map(({ handler }) => handler)).toEqual(WEB_CLIENT_REDIRECTS);
  });

  it('runs the import job hourly, with read-write table access', () => {
    const [importerId] = byType(main, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties.Description === 'job: import-analytics')!;
    const rules = byType(main, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties.Targets.some((t: { Arn: { 'Fn::GetAtt'?: string[] } }) => t.Arn['Fn::GetAtt']?.[0] === importerId));
    expect(rules.map(([, rule]) => rule.Properties.ScheduleExpression)).toEqual(['rate(15 minutes)']);
  });
});
