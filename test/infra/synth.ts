/**
 * Synthesizes the service stack for a stage without esbuild (`aws:cdk:bundling-stacks: []`), so
 * tests prove wiring, not bundles (`npm run synth` bundles). Shared by the CDK test files.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ServiceStack } from '../../infra/stack.ts';
import { readStageConfig } from '../../infra/stage-config.ts';

/** Env passed explicitly: the test setup exports JWT_* variables that must not leak into the stack. */
export function synth(context: Record<string, unknown>, env: Record<string, string> = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const config = readStageConfig(app.node, env);
  const stack = new ServiceStack(app, `Test-${config.stage}`, { config });
  const main = Template.fromStack(stack);
  const templates = [main, ...stack.routeGroups.map((group) => Template.fromStack(group))];
  return { app, stack, main, templates };
}

/** A production stage as it would be deployed: issuer, audience, origins and email sender configured. */
export const PRODUCTION = {
  context: {
    stage: 'production',
    allowedOrigins: 'https://app.example.com',
    jwtIssuer: 'https://id.example.com',
    emailSender: 'no-reply@mail.example.com',
  },
  env: { JWT_AUDIENCE: 'api' },
};
