/**
 * The one place where a deployment differs by stage. The stage comes from CDK context (`-c stage=...`,
 * default in cdk.json) and is validated; everything else that varies is read here, from context
 * first and the environment second, so the stack itself holds no stage-specific values.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { PLANS, type Plan } from '../shared/domain/billing.ts';
import { mailAddress } from '../shared/integrations/email/cloud.ts';

export const STAGES = ['dev', 'staging', 'production'] as const;
export type Stage = (typeof STAGES)[number];

interface StageSettings {
  /** Table, buckets and log groups: kept when the stack is deleted only where data matters. */
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Used when context `allowedOrigins` is absent; staging and production must name theirs. */
  defaultAllowedOrigins?: string[];
  /** API stage throttling, every route: steady requests per second and burst (context may override). */
  throttling: Throttling;
  /**
   * Each route that takes no bearer token (the Stripe webhook, the analytics OAuth callback, the API
   * reference) has a lower limit of its own: anyone can call them, and without one an anonymous
   * flood of one of them would use up the stage's limit that every tenant's requests share. Held
   * to the stage's limit when context sets that lower.
   */
  publicRouteThrottling: Throttling;
}

export interface Throttling {
  rateLimit: number;
  burstLimit: number;
}

// Throttling well under the account's 10,000 rps, so that a runaway client (or loop) stops at the
// edge of one stage instead of starving the others and running up Lambda and DynamoDB costs. The
// public routes' limits are a tenth of it: Stripe retries a throttled webhook delivery (for days),
// and an OAuth callback follows one person's consent.
const SETTINGS: Record<Stage, StageSettings> = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_WEEK,
    defaultAllowedOrigins: ['*'],
    throttling: { rateLimit: 20, burstLimit: 40 },
    publicRouteThrottling: { rateLimit: 2, burstLimit: 4 },
  },
  staging: {
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_MONTH,
    throttling: { rateLimit: 50, burstLimit: 100 },
    publicRouteThrottling: { rateLimit: 5, burstLimit: 10 },
  },
  production: {
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    throttling: { rateLimit: 500, burstLimit: 1000 },
    publicRouteThrottling: { rateLimit: 50, burstLimit: 100 },
  },
};

/**
 * Who issues the bearer tokens the handlers verify (see shared/auth/verifier.ts): an issuer named by
 * context, or, when none is, the stack's own Cognito user pool (infra/user-pool.ts).
 */
export type JwtSettings = ExternalIssuer | { ownUserPool: true };

export interface ExternalIssuer {
  ownUserPool?: false;
  issuer: string;
  audience: string;
  jwksUri?: string;
  cognitoUserPoolId?: string;
  /** What is still a placeholder: synth works offline, but tokens cannot verify until it is set. */
  placeholders: string[];
}

export interface StageConfig extends Omit<StageSettings, 'defaultAllowedOrigins'> {
  stage: Stage;
  /** Browser origins allowed by the API's CORS preflight and by the buckets (presigned PUT/GET). */
  allowedOrigins: string[];
  jwt: JwtSettings;
  /** The prefix of the own user pool's Cognito domain (context `authDomainPrefix`); absent, one is made from the stage and the stack's id. */
  authDomainPrefix?: string;
  /** The From address of emails (an SES-verified identity); absent, emails are not delivered. */
  emailSender?: string;
  /** Who the stage's alarms email (an SNS email subscription); absent, the alarms notify no one until someone subscribes. */
  alarmEmail?: string;
  billing: BillingSettings;
  /**
   * Whether secrets sealed before the token sealer's purposes still open: each role that owns a kind
   * of secret keeps a decrypt grant under `{organizationId}` alone, and the account may reseal on the
   * key (ReEncrypt). On (context `legacySealedSecrets`, default true) until `npm run reindex` has
   * resealed them all; then `-c legacySealedSecrets=false` leaves each role its own purpose only.
   */
  legacySealedSecrets: boolean;
}

/** Stripe's price id of each plan, and the web client Checkout and the portal send the owner back to. */
export interface BillingSettings {
  prices: Record<Plan, string>;
  webClientUrl: string;
  /** What is still a placeholder: synth works, but checkout fails until it is set. */
  placeholders: string[];
}

/** Deliberately invalid, so a forgotten audience fails closed with 401s. */
export const PLACEHOLDER_AUDIENCE = 'configure-jwtAudience';

type Env = Record<string, string | undefined>;

export function readStageConfig(node: Node, env: Env = process.env): StageConfig {
  const stage = node.tryGetContext('stage') ?? 'dev';
  if (!STAGES.includes(stage)) {
    throw new Error(`Context "stage" must be one of ${STAGES.join(', ')}; got ${JSON.stringify(stage)}`);
  }
  const { defaultAllowedOrigins, throttling, publicRouteThrottling, ...settings } = SETTINGS[stage as Stage];
  const allowedOrigins = stringList(node.tryGetContext('allowedOrigins')) ?? defaultAllowedOrigins;
  if (!allowedOrigins?.length) {
    throw new Error(`Stage ${stage} needs its browser origins: -c allowedOrigins=https://app.example.com[,...]`);
  }
  return {
    stage: stage as Stage,
    ...settings,
    allowedOrigins,
    ...stageThrottling(node, throttling, publicRouteThrottling),
    jwt: readJwt(node, env),
    ...readDomainPrefix(node),
    ...readAddress(node, env, 'emailSender', 'EMAIL_SENDER'),
    ...readAddress(node, env, 'alarmEmail', 'ALARM_EMAIL'),
    billing: readBilling(node, env),
    legacySealedSecrets: flag(node, 'legacySealedSecrets') ?? true,
  };
}

/** A yes/no context: `true`/`false` from cdk.json, or the same words from the command line. */
function flag(node: Node, key: string): boolean | undefined {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context "${key}" must be true or false; got ${JSON.stringify(value)}`);
}

/** The stage's limits (context `throttlingRateLimit` and `throttlingBurstLimit` override), and the public routes' within them. */
function stageThrottling(
  node: Node,
  stage: Throttling,
  publicRoutes: Throttling,
): Pick<StageConfig, 'throttling' | 'publicRouteThrottling'> {
  const throttling = {
    rateLimit: positiveNumber(node, 'throttlingRateLimit') ?? stage.rateLimit,
    burstLimit: positiveInteger(node, 'throttlingBurstLimit') ?? stage.burstLimit,
  };
  return {
    throttling,
    publicRouteThrottling: {
      rateLimit: Math.min(publicRoutes.rateLimit, throttling.rateLimit),
      burstLimit: Math.min(publicRoutes.burstLimit, throttling.burstLimit),
    },
  };
}

/** Context `stripePriceStarter` (`...Growth`, `...Scale`) and `webClientUrl`, or env STRIPE_PRICE_STARTER, ... and WEB_CLIENT_URL. */
function readBilling(node: Node, env: Env): BillingSettings {
  const placeholders: string[] = [];
  const read = (key: string, envName: string, placeholder: string): string => {
    const value = node.tryGetContext(key) ?? env[envName];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    placeholders.push(`${key} (-c ${key}=... or env ${envName})`);
    return placeholder;
  };
  const prices = Object.fromEntries(
    PLANS.map((plan) => {
      const suffix = plan[0]!.toUpperCase() + plan.slice(1);
      return [plan, read(`stripePrice${suffix}`, `STRIPE_PRICE_${plan.toUpperCase()}`, `price_configure_${plan}`)];
    }),
  ) as Record<Plan, string>;
  const webClientUrl = read('webClientUrl', 'WEB_CLIENT_URL', 'https://web-client.invalid');
  if (!/^https?:\/\//.test(webClientUrl))
    throw new Error(`Context "webClientUrl" must be an http(s) URL; got ${JSON.stringify(webClientUrl)}`);
  return { prices, webClientUrl, placeholders };
}

function positiveNumber(node: Node, key: string): number | undefined {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`Context "${key}" must be a positive number; got ${JSON.stringify(value)}`);
  return number;
}

function positiveInteger(node: Node, key: string): number | undefined {
  const number = positiveNumber(node, key);
  if (number !== undefined && !Number.isInteger(number))
    throw new Error(`Context "${key}" must be a whole number; got ${number}`);
  return number;
}

function readJwt(node: Node, env: Env): JwtSettings {
  const read = (key: string, envName: string): string | undefined => {
    const value = node.tryGetContext(key) ?? env[envName];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const cognitoUserPoolId = read('cognitoUserPoolId', 'COGNITO_USER_POOL_ID');
  const jwksUri = read('jwksUri', 'JWT_JWKS_URI');
  const issuer = read('jwtIssuer', 'JWT_ISSUER') ?? (cognitoUserPoolId && cognitoIssuer(cognitoUserPoolId));
  // No issuer named: the stack makes its own user pool, whose app client is the audience.
  if (!issuer) return { ownUserPool: true };
  const placeholders: string[] = [];
  let audience = read('jwtAudience', 'JWT_AUDIENCE');
  if (!audience) {
    audience = PLACEHOLDER_AUDIENCE;
    placeholders.push('audience (-c jwtAudience=... or env JWT_AUDIENCE; the app client id for Cognito)');
  }
  return {
    issuer,
    audience,
    placeholders,
    ...(jwksUri ? { jwksUri } : {}),
    ...(cognitoUserPoolId ? { cognitoUserPoolId } : {}),
  };
}

/** Context `authDomainPrefix`: what Cognito allows in a domain prefix (lower-case letters, digits, inner hyphens; no "aws", "amazon" or "cognito"). */
function readDomainPrefix(node: Node): Pick<StageConfig, 'authDomainPrefix'> {
  const value = node.tryGetContext('authDomainPrefix');
  if (value === undefined || value === null || value === '') return {};
  const prefix = String(value).trim();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(prefix) || /aws|amazon|cognito/.test(prefix)) {
    throw new Error(
      `Context "authDomainPrefix" must be lower-case letters, digits and inner hyphens, without aws, amazon or cognito; got ${JSON.stringify(value)}`,
    );
  }
  return { authDomainPrefix: prefix };
}

/**
 * Context `key` or env `envName` (`emailSender` / EMAIL_SENDER, `alarmEmail` / ALARM_EMAIL): one
 * plain address, refused at synth rather than at the first send.
 */
function readAddress<K extends 'emailSender' | 'alarmEmail'>(
  node: Node,
  env: Env,
  key: K,
  envName: string,
): Partial<Record<K, string>> {
  const value = node.tryGetContext(key) ?? env[envName];
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    return { [key]: mailAddress(value.trim()) } as Partial<Record<K, string>>;
  } catch {
    throw new Error(
      `Context "${key}" must be one plain email address (no name, no list); got ${JSON.stringify(value)}`,
    );
  }
}

/** A pool id starts with its region (`eu-west-1_AbC123`), which is all its issuer URL needs. */
function cognitoIssuer(poolId: string): string {
  const region = poolId.split('_')[0];
  return `https://cognito-idp.${region}.amazonaws.com/${poolId}`;
}

/** Context from cdk.json is a JSON array; from the command line it is a string (JSON or comma list). */
function stringList(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map(String);
  const text = String(value).trim();
  const list: unknown = text.startsWith('[') ? JSON.parse(text) : text.split(',');
  return (list as unknown[]).map((v) => String(v).trim()).filter(Boolean);
}
