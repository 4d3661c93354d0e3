/**
 * Web analytics in the synthesized stack: a rotating KMS key seals the refresh tokens (and the
 * webhook signing secrets), and each function may only do with it what it does (the completion
 * encrypt, the grant's users decrypt), only under an encryption context naming an organization and
 * the purpose of its own kind of secret, so the webhook delivery worker opens no Google token and
 * no analytics function opens a signing secret; secrets sealed before purposes open, while
 * `legacySealedSecrets` is on, only to the roles that open that kind; Google's OAuth client secret
 * is read by ARN by the functions that talk to Google alone, never put in an environment; the
 * OAuth callback (no token) stores nothing: it only reads its state, and knows the web client
 * alone; the import job runs hourly. Synthesized without bundling, like stack.test.ts.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import {
  GOOGLE_CALLERS,
  LEGACY_CONTEXT_CONDITIONS,
  purposeConditions,
  TOKEN_KEY_USE,
  TOKEN_PURPOSE,
  WEB_CLIENT_REDIRECTS,
} from '../../infra/analytics-import.ts';
import { SECRET_KEY_USE, SECRET_PURPOSE } from '../../infra/webhook-delivery.ts';
import { synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

const byType = (template: Template, type: string) =>
  Object.entries(template.findResources(type) as Record<string, Resource>);

function statements(template: Template, fn: Resource): Statement[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

const actionsOf = (s: Statement) => [s.Action].flat();
const handlerOf = (description: string) =>
  description.startsWith('job: ') ? `jobs/${description.slice(5)}` : routes.find((r) => r.key === description)?.handler;
/** Every function's use of the token key: the analytics grant's and the webhook signing secrets'. */
const KEY_USE: Readonly<Record<string, 'encrypt' | 'decrypt'>> = { ...TOKEN_KEY_USE, ...SECRET_KEY_USE };
/** The purpose of the secrets each function handles. */
const purposeOf = (handler: string) => (handler in TOKEN_KEY_USE ? TOKEN_PURPOSE : SECRET_PURPOSE);
/** What a grant lets its holder open: secrets of one purpose, or those sealed before purposes ('legacy'). */
const opens = (s: Statement) => {
  const condition = s.Condition as Record<string, Record<string, unknown>> | undefined;
  const keys = condition?.['ForAllValues:StringEquals']?.['kms:EncryptionContextKeys'];
  if (JSON.stringify(keys) === JSON.stringify(['organizationId'])) return 'legacy';
  return condition?.StringEquals?.['kms:EncryptionContext:purpose'] ?? 'anything';
};

describe('web analytics', () => {
  let main: Template;
  let functions: { fn: Resource; template: Template; handler: string | undefined }[];

  beforeAll(() => {
    let templates: Template[];
    ({ main, templates } = synth({ stage: 'dev', webClientUrl: 'https://app.example.com' }));
    functions = templates.flatMap((template) =>
      byType(template, 'AWS::Lambda::Function').map(([, fn]) => ({
        fn,
        template,
        handler: handlerOf(String(fn.Properties.Description)),
      })),
    );
  });

  it('seals tokens with a KMS key that rotates', () => {
    const keys = byType(main, 'AWS::KMS::Key').filter(([, k]) =>
      String(k.Properties.Description).includes('Google Analytics'),
    );
    expect(keys).toHaveLength(1);
    expect(keys[0]![1].Properties.EnableKeyRotation).toBe(true);
  });

  it("lets the completion only encrypt and the grant's users only decrypt, each only its own purpose under an organizationId context (decrypt also the legacy context); no other function touches KMS", () => {
    for (const { fn, template, handler } of functions) {
      const kms = statements(template, fn).filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')));
      const use = handler ? KEY_USE[handler] : undefined;
      if (!use) {
        expect(kms, fn.Properties.Description).toEqual([]);
        continue;
      }
      const action = use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt';
      expect(kms, fn.Properties.Description).toEqual([
        expect.objectContaining({ Action: action, Condition: purposeConditions(purposeOf(handler!)) }),
        ...(use === 'decrypt'
          ? [expect.objectContaining({ Action: action, Condition: LEGACY_CONTEXT_CONDITIONS })]
          : []),
      ]);
      expect(fn.Properties.Environment.Variables.ANALYTICS_TOKEN_KEY_ARN).toBeDefined();
    }
    expect(
      functions
        .filter(({ handler }) => handler && KEY_USE[handler])
        .map(({ handler }) => handler)
        .sort(),
    ).toEqual(Object.keys(KEY_USE).sort());
  });

  it('lets the webhook delivery worker open no Google refresh token, and no analytics function open a webhook signing secret', () => {
    const worker = functions.find(({ handler }) => handler === 'jobs/deliver-webhooks')!;
    expect(
      statements(worker.template, worker.fn)
        .filter((s) => actionsOf(s).includes('kms:Decrypt'))
        .map(opens)
        .sort(),
    ).toEqual(['legacy', 'webhook-signing-secret']);
    for (const handler of Object.keys(TOKEN_KEY_USE)) {
      const { fn, template } = functions.find((f) => f.handler === handler)!;
      const purposes = statements(template, fn)
        .filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')))
        .map(opens);
      expect(purposes, handler).not.toContain('webhook-signing-secret');
      expect(purposes, handler).not.toContain('anything');
    }
  });

  it('gives the key an explicit policy: the account administers it only (and reseals on it); encrypt to the storers, decrypt to the readers, each by role, purpose and encryption context', () => {
    const [, key] = byType(main, 'AWS::KMS::Key').find(([, k]) =>
      String(k.Properties.Description).includes('Google Analytics'),
    )!;
    const policy: (Statement & {
      Sid?: string;
      Effect: string;
      Principal: unknown;
      Condition?: Record<string, Record<string, unknown>>;
    })[] = key.Properties.KeyPolicy.Statement;
    const root = {
      AWS: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':root']] },
    };
    // What the account root may do unconditioned: nothing that uses the key or hands it out; while
    // legacySealedSecrets is on, re-encrypt on this same key, which shows it no plaintext.
    const USES = [
      'kms:Encrypt',
      'kms:Decrypt',
      'kms:ReEncryptFrom',
      'kms:ReEncryptTo',
      'kms:GenerateDataKey',
      'kms:GenerateDataKeyWithoutPlaintext',
      'kms:CreateGrant',
    ];
    const covers = (pattern: string, action: string) =>
      new RegExp(`^${pattern.replaceAll('*', '.*')}$`, 'i').test(action);
    const reseal = policy.filter((s) => s.Sid === 'AccountResealsOnSameKey');
    expect(reseal).toEqual([
      expect.objectContaining({
        Action: ['kms:ReEncryptFrom', 'kms:ReEncryptTo'],
        Condition: { Bool: { 'kms:ReEncryptOnSameKey': 'true' } },
      }),
    ]);
    for (const statement of policy) {
      expect(statement.Effect).toBe('Allow');
      expect(statement.Principal).toEqual(root);
      const byRole = statement.Condition?.ArnEquals?.['aws:PrincipalArn'];
      if (byRole || statement.Sid === 'AccountResealsOnSameKey') continue;
      for (const use of USES)
        expect(
          actionsOf(statement).some((a) => covers(a, use)),
          `${use} in ${JSON.stringify(statement.Action)}`,
        ).toBe(false);
    }
    // Each use: the roles KEY_USE names, by the name their templates give them, under their purpose's encryption context (readers also the legacy one).
    const roleNameOf = ({ fn, template }: { fn: Resource; template: Template }) =>
      template.toJSON().Resources[fn.Properties.Role['Fn::GetAtt'][0]].Properties.RoleName;
    const arnOf = (f: (typeof functions)[number]) =>
      JSON.stringify({
        'Fn::Join': [
          '',
          ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, `:role/${roleNameOf(f)}`],
        ],
      });
    for (const use of ['encrypt', 'decrypt'] as const) {
      const action = use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt';
      const granted = policy.filter((s) => actionsOf(s).includes(action));
      expect(granted.every((s) => actionsOf(s).length === 1)).toBe(true);
      const users = functions.filter(({ handler }) => handler && KEY_USE[handler] === use);
      expect(users.length).toBeGreaterThan(0);
      const expected = users.flatMap((f) => [
        { role: arnOf(f), condition: purposeConditions(purposeOf(f.handler!)) },
        ...(use === 'decrypt' ? [{ role: arnOf(f), condition: LEGACY_CONTEXT_CONDITIONS }] : []),
      ]);
      const actual = granted.map((s) => {
        const { ArnEquals, ...condition } = s.Condition!;
        return { role: JSON.stringify(ArnEquals!['aws:PrincipalArn']), condition };
      });
      const order = (xs: { role: string; condition: unknown }[]) => xs.map((x) => JSON.stringify(x)).sort();
      expect(order(actual)).toEqual(order(expected));
    }
    for (const f of functions)
      expect(typeof roleNameOf(f) === 'string', f.handler).toBe(Boolean(f.handler && KEY_USE[f.handler]));
  });

  it('with legacySealedSecrets off (every secret resealed), grants each role its own purpose only, and the account no reseal', () => {
    const { main: resealed, templates } = synth({
      stage: 'dev',
      webClientUrl: 'https://app.example.com',
      legacySealedSecrets: 'false',
    });
    const [, key] = byType(resealed, 'AWS::KMS::Key').find(([, k]) =>
      String(k.Properties.Description).includes('Google Analytics'),
    )!;
    const policy: (Statement & { Sid?: string })[] = key.Properties.KeyPolicy.Statement;
    expect(policy.filter((s) => actionsOf(s).some((a) => a.startsWith('kms:ReEncrypt')))).toEqual([]);
    const grants = [...policy.filter((s) => actionsOf(s).some((a) => a === 'kms:Encrypt' || a === 'kms:Decrypt'))];
    for (const template of templates) {
      for (const [, fn] of byType(template, 'AWS::Lambda::Function'))
        grants.push(...statements(template, fn).filter((s) => actionsOf(s).some((a) => a.startsWith('kms:'))));
    }
    expect(grants.length).toBeGreaterThan(0);
    expect(new Set(grants.map(opens))).toEqual(new Set([TOKEN_PURPOSE, SECRET_PURPOSE]));
  });

  it("gives Google's OAuth client secret by ARN to the functions that call Google alone, and its value to no environment", () => {
    const readers = functions.filter(({ fn, template }) =>
      statements(template, fn).some(
        (s) =>
          actionsOf(s).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(fn.Properties.Environment).includes('GOOGLE_OAUTH_SECRET_ARN'),
      ),
    );
    expect(readers.map(({ handler }) => handler).sort()).toEqual(
      [...new Set([...GOOGLE_CALLERS, ...Object.keys(TOKEN_KEY_USE)])].sort(),
    );
    for (const { fn } of functions)
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toMatch(
        /GOOGLE_CLIENT_SECRET|clientSecret|resolve:secretsmanager/,
      );
    for (const { fn } of readers)
      expect(fn.Properties.Environment.Variables).toMatchObject({ ANALYTICS_OAUTH_REDIRECT_URI: expect.anything() });
  });

  it('lets the OAuth callback read its state and nothing more: no write, no key, no secret; it knows the web client alone', () => {
    expect(TOKEN_KEY_USE['analytics/oauth-callback']).toBeUndefined();
    const callbacks = functions.filter(({ handler }) => handler === 'analytics/oauth-callback');
    expect(callbacks).toHaveLength(1);
    const [{ fn, template }] = callbacks as [(typeof functions)[number]];
    expect(
      statements(template, fn)
        .flatMap(actionsOf)
        .filter((a) => /^(dynamodb|kms|secretsmanager):/.test(a)),
    ).toEqual(['dynamodb:GetItem']);
    expect(fn.Properties.Environment.Variables).toMatchObject({ WEB_CLIENT_URL: 'https://app.example.com' });
    expect(fn.Properties.Environment.Variables.GOOGLE_OAUTH_SECRET_ARN).toBeUndefined();
    // Only the functions that send the browser back are told where the web client is.
    const told = functions.filter(
      ({ fn }) =>
        fn.Properties.Environment?.Variables?.WEB_CLIENT_URL &&
        String(fn.Properties.Description).includes('analytics-oauth'),
    );
    expect(told.map(({ handler }) => handler)).toEqual(WEB_CLIENT_REDIRECTS);
  });

  it('runs the import job hourly, with read-write table access', () => {
    const [importerId] = byType(main, 'AWS::Lambda::Function').find(
      ([, fn]) => fn.Properties.Description === 'job: import-analytics',
    )!;
    const rules = byType(main, 'AWS::Events::Rule').filter(([, rule]) =>
      rule.Properties.Targets.some(
        (t: { Arn: { 'Fn::GetAtt'?: string[] } }) => t.Arn['Fn::GetAtt']?.[0] === importerId,
      ),
    );
    expect(rules.map(([, rule]) => rule.Properties.ScheduleExpression)).toEqual(['rate(15 minutes)']);
  });
});
