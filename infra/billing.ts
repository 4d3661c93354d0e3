/**
 * Billing's Stripe configuration in the cloud (docs/decisions.md "Billing"). The API key and the webhook
 * signing secret live in one Secrets Manager secret (JSON `{"secretKey": "sk_...", "webhookSecret":
 * "whsec_..."}`, set by an operator); the Billing functions get its ARN and may read it, and no
 * other function may. Its value is never put in an environment variable. The plans' price ids and
 * the web client's address are plain configuration (stage-config.ts).
 */
import { Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { routes } from '../functions/routes.ts';
import { PLANS } from '../shared/domain/billing.ts';
import type { RouteFunction } from './route-function.ts';
import type { StageConfig } from './stage-config.ts';

/**
 * The handler modules that call Stripe: the routes of the Billing group, and the tenant deletes
 * (they cancel the subscription, shared/db/billing/billing-end.ts).
 */
export const STRIPE_CALLERS = [
  ...routes.filter((route) => route.path.startsWith('/v1/billing/')).map((route) => route.handler),
  'organizations/delete',
  'workspaces/delete',
];

export class StripeBilling extends Construct {
  readonly secret: Secret;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: { config: StageConfig },
  ) {
    super(scope, id);
    this.secret = new Secret(this, 'StripeSecret', {
      description:
        'Stripe API key and webhook signing secret of billing: JSON {"secretKey","webhookSecret"}; set by an operator.',
      removalPolicy: props.config.removalPolicy,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe issues and rolls its API keys and webhook signing secrets in its own dashboard, which no rotation Lambda can do.',
    });
  }

  /** Gives a Billing function Stripe: the secret's ARN (and the right to read it), the prices and the web client. */
  bind(fn: RouteFunction): void {
    const { billing } = this.props.config;
    fn.addEnvironment('STRIPE_SECRET_ARN', this.secret.secretArn);
    for (const plan of PLANS) fn.addEnvironment(`STRIPE_PRICE_${plan.toUpperCase()}`, billing.prices[plan]);
    fn.addEnvironment('WEB_CLIENT_URL', billing.webClientUrl);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
  }
}
