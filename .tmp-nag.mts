import { AwsSolutionsChecks } from 'cdk-nag';
import { PRODUCTION, synth } from './test/infra/synth.ts';
for (const [name, ctx, env] of [['dev', { stage: 'dev' }, {}], ['prod-own-pool', { stage: 'production', allowedOrigins: 'https://app.example.com', emailSender: 'no-reply@mail.example.com' }, {}], ['prod', PRODUCTION.context, PRODUCTION.env]] as const) {
  const { app } = synth(ctx as any, env as any);
  const report = new AwsSolutionsChecks().validateScope(app);
  console.log(name, JSON.stringify(report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.slice(0, 3).map((r) => r.constructPath).join(', ')}`)));
}
