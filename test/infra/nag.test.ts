/**
 * cdk-nag's AwsSolutionsChecks over the whole stack (nested stacks included) of dev and production:
 * every finding is either fixed or acknowledged on its construct with a written reason
 * (`Validations.of(construct).acknowledge`), so any other finding, error or warning, fails here.
 */
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION, synth } from './synth.ts';

/** `RuleId: path, path` per unacknowledged finding, readable in a failure message. */
function findings(context: Record<string, unknown>, env?: Record<string, string>): string[] {
  const { app } = synth(context, env);
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations.map(
    (v) =>
      `${v.severity} ${v.ruleName} (${v.violatingResources.length}): ${v.violatingResources
        .slice(0, 3)
        .map((r) => r.constructPath)
        .join(', ')}`,
  );
}

describe('AwsSolutionsChecks', () => {
  // Synthesized in hooks (hookTimeout): a whole stack twice, plus the DynamoDB analysis once.
  let dev: string[];
  let production: string[];
  beforeAll(() => {
    dev = findings({ stage: 'dev' });
    production = findings(PRODUCTION.context, PRODUCTION.env);
  });

  it('finds nothing unacknowledged in the dev stage', () => {
    expect(dev).toEqual([]);
  });

  it('finds nothing unacknowledged in the production stage', () => {
    expect(production).toEqual([]);
  });
});

describe('the X-Ray acknowledgment (infra/route-function.ts)', () => {
  it("covers X-Ray's policy alone: a new wildcard resource on a function role is reported", () => {
    const { app, stack } = synth({ stage: 'dev' });
    const routeFunction = stack.routeGroups[0]!.functions[0]!;
    routeFunction.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListAllMyBuckets'], resources: ['*'] }));
    const report = new AwsSolutionsChecks().validateScope(app);
    const wildcards = report.violations
      .filter((v) => v.ruleName.includes('IAM5'))
      .flatMap((v) => v.violatingResources.map((r) => r.constructPath));
    expect(wildcards).toEqual([expect.stringContaining(routeFunction.role!.node.path)]);
  });
});
