/**
 * Report links in the synthesized stack (infra/report-links.ts, docs/decisions.md "Report links"): the
 * page's route takes no authorizer and is throttled like every route without a token; its function
 * reads what reports read and may update only `views` and `lastViewedAt` of keys `REPORT_LINK#*`,
 * returning nothing; the create function knows the API's URL. Synthesized without bundling.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEW_COUNT_ATTRIBUTES } from '../../infra/report-links.ts';
import { synth } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };

const byType = (template: Template, type: string) =>
  Object.entries(template.findResources(type) as Record<string, Resource>);
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

function statements(template: Template, fn: Resource): Statement[] {
  const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

describe('report links', () => {
  let templates: Template[];
  let main: Template;
  const fn = (description: string) => {
    for (const template of templates) {
      const found = byType(template, 'AWS::Lambda::Function').find(([, f]) => f.Properties.Description === description);
      if (found) return { template, id: found[0], fn: found[1] };
    }
    throw new Error(`no function ${description}`);
  };

  beforeAll(() => {
    const built = synth({ stage: 'dev' });
    templates = built.templates;
    main = built.main;
  });

  it('routes GET /r/{token} to its function without an authorizer, throttled like the other routes without a token', () => {
    const { template } = fn('GET /r/:token');
    const [route] = byType(template, 'AWS::ApiGatewayV2::Route').filter(
      ([, r]) => r.Properties.RouteKey === 'GET /r/{token}',
    );
    expect(route![1].Properties.AuthorizationType).toBe('NONE');
    const [stage] = byType(main, 'AWS::ApiGatewayV2::Stage');
    const settings = stage![1].Properties.RouteSettings;
    expect(settings['GET /r/{token}']).toEqual(settings['GET /v1/analytics-oauth/callback']);
    expect(settings['GET /r/{token}'].ThrottlingRateLimit).toBeLessThan(
      stage![1].Properties.DefaultRouteSettings.ThrottlingRateLimit,
    );
  });

  it('grants the page reads, and one UpdateItem of views and lastViewedAt on report link keys only, returning nothing', () => {
    const { template, fn: page } = fn('GET /r/:token');
    const dynamo = statements(template, page).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    const writes = dynamo.filter((s) => actionsOf(s).some((a) => !/^dynamodb:(GetItem|BatchGetItem|Query)$/.test(a)));
    expect(writes).toHaveLength(1);
    expect(actionsOf(writes[0]!)).toEqual(['dynamodb:UpdateItem']);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['REPORT_LINK#*'] },
      'ForAllValues:StringEquals': { 'dynamodb:Attributes': VIEW_COUNT_ATTRIBUTES },
      StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
    });
    expect(VIEW_COUNT_ATTRIBUTES).toEqual(['pk', 'sk', 'views', 'lastViewedAt']);
    const reads = dynamo.filter((s) => s !== writes[0]).flatMap(actionsOf);
    expect(reads.every((a) => /^dynamodb:(GetItem|BatchGetItem|Query)$/.test(a))).toBe(true);
    expect(reads).toContain('dynamodb:GetItem');
  });

  it('gives the create function the API URL its link urls start with, and no other report links function', () => {
    expect(fn('POST /v1/report-links').fn.Properties.Environment.Variables.API_URL).toBeDefined();
    for (const description of ['GET /v1/report-links', 'DELETE /v1/report-links/:id', 'GET /r/:token']) {
      expect(fn(description).fn.Properties.Environment.Variables.API_URL).toBeUndefined();
    }
  });
});
