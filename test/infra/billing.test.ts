/**
 * Billing's Stripe configuration in the synthesized stack: the API key and webhook signing secret
 * are read from Secrets Manager by the Billing functions alone, by ARN; no function's environment
 * holds them (or a reference that would resolve to their value at deploy time). Synthesized
 * without bundling, like stack.test.ts.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { GOOGLE_CALLERS } from '../../infra/analytics-import.ts';
import { synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };

const byType = (template: Template, type: string, props: Record<string, unknown> = {}) =>
  Object.entries(template.findResources(type, { Properties: props }) as Record<string, Resource>);

const BILLING_ROUTES = routes.filter((r) => r.path.startsWith('/v1/billing/')).map((r) => r.key);
/** Deleting a tenant cancels its subscription (shared/db/billing/billing-end.ts). */
const TENANT_DELETES = ['DELETE /v1/organizations/:id', 'DELETE /v1/workspaces/:id'];
/** The analytics connection routes that call Google read their own secret, Google's OAuth client (test/infra/web-analytics.test.ts). */
const GOOGLE_ROUTES = routes.filter((r) => GOOGLE_CALLERS.includes(r.handler)).map((r) => r.key);

/** Allowed statements of every policy attached to the function's role, in its template. */
function statements(template: Template, fn: Resource): { Action: string | string[]; Resource: unknown }[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

const readsSecrets = (s: { Action: string | string[] }) => [s.Action].flat().includes('secretsmanager:GetSecretValue');

describe('Stripe configuration', () => {
  let main: Template;
  let templates: Template[];
  let secretId: string;

  beforeAll(() => {
    ({ main, templates } = synth({
      stage: 'dev',
      stripePriceStarter: 'price_s',
      stripePriceGrowth: 'price_g',
      stripePriceScale: 'price_x',
      webClientUrl: 'https://app.example.com',
    }));
    const secrets = byType(main, 'AWS::SecretsManager::Secret').filter(([, s]) =>
      String(s.Properties.Description).startsWith('Stripe'),
    );
    expect(secrets).toHaveLength(1);
    secretId = secrets[0]![0];
    // The value is set by an operator, never carried by the template.
    expect(secrets[0]![1].Properties.SecretString).toBeUndefined();
  });

  it("gives every Billing function the secret's ARN, the plans' prices and the web client, and lets it read that secret only", () => {
    const functions = templates.flatMap((t) =>
      byType(t, 'AWS::Lambda::Function')
        .filter(([, fn]) => BILLING_ROUTES.includes(fn.Properties.Description))
        .map((entry) => ({ template: t, fn: entry[1] })),
    );
    expect(functions.map(({ fn }) => fn.Properties.Description).sort()).toEqual([...BILLING_ROUTES].sort());
    const billingTemplate = functions[0]!.template;
    const [, nested] = byType(main, 'AWS::CloudFormation::Stack').find(([id]) => id.startsWith('BillingRoutes'))!;
    for (const { fn, template } of functions) {
      const variables = fn.Properties.Environment.Variables;
      expect(variables).toMatchObject({
        STRIPE_PRICE_STARTER: 'price_s',
        STRIPE_PRICE_GROWTH: 'price_g',
        STRIPE_PRICE_SCALE: 'price_x',
        WEB_CLIENT_URL: 'https://app.example.com',
      });
      // The ARN comes in as a parameter of the group's nested stack, which the main stack fills with the secret's Ref.
      const parameter: string = variables.STRIPE_SECRET_ARN.Ref;
      expect(nested.Properties.Parameters[parameter]).toEqual({ Ref: secretId });
      expect(statements(template, fn).filter(readsSecrets)).toEqual([
        expect.objectContaining({ Effect: 'Allow', Resource: { Ref: parameter } }),
      ]);
      expect(template).toBe(billingTemplate);
    }
  });

  it("puts neither the key nor the signing secret in any function's environment, and no other API function may read secrets", () => {
    for (const template of templates) {
      for (const [, fn] of byType(template, 'AWS::Lambda::Function')) {
        const environment = JSON.stringify(fn.Properties.Environment ?? {});
        expect(environment, fn.Properties.Description).not.toMatch(
          /STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|sk_(test|live)_|whsec_|resolve:secretsmanager|SecretString/,
        );
        if (
          template !== main &&
          ![...BILLING_ROUTES, ...TENANT_DELETES, ...GOOGLE_ROUTES].includes(fn.Properties.Description)
        ) {
          expect(statements(template, fn).filter(readsSecrets), fn.Properties.Description).toEqual([]);
        }
      }
    }
  });

  it('lets the tenant deletes read the Stripe secret by ARN, to cancel the subscription', () => {
    const deletes = templates.flatMap((t) =>
      byType(t, 'AWS::Lambda::Function')
        .filter(([, fn]) => TENANT_DELETES.includes(fn.Properties.Description))
        .map((entry) => ({ template: t, fn: entry[1] })),
    );
    expect(deletes.map(({ fn }) => fn.Properties.Description).sort()).toEqual([...TENANT_DELETES].sort());
    for (const { fn, template } of deletes) {
      const parameter = fn.Properties.Environment.Variables.STRIPE_SECRET_ARN;
      expect(parameter, fn.Properties.Description).toBeDefined();
      expect(statements(template, fn).filter(readsSecrets)).toEqual([
        expect.objectContaining({ Effect: 'Allow', Resource: parameter }),
      ]);
    }
  });

  it('warns when the prices or the web client are not configured', () => {
    const { app } = synth({ stage: 'dev' });
    const warnings = app
      .synth()
      .stacks.flatMap((s) => s.messages)
      .map((m) => String(m.entry.data));
    expect(
      warnings.some(
        (w) =>
          w.includes('Billing is not configured') && w.includes('stripePriceStarter') && w.includes('webClientUrl'),
      ),
    ).toBe(true);
  });
});
