/**
 * CDK entry (`cdk.json`: `tsx infra/app.ts`). One service stack per stage, named after it, so
 * `-c stage=staging` deploys next to dev instead of replacing it.
 */
import { App, Tags } from 'aws-cdk-lib';
import { ServiceStack } from './stack.ts';
import { readStageConfig } from './stage-config.ts';

const app = new App();
const config = readStageConfig(app.node);

// Environment-agnostic (no `env`): the stack needs no lookups, so it synthesizes offline and
// deploys to whatever account and region the CLI's credentials name.
new ServiceStack(app, `CreatorMeasurement-${config.stage}`, { config });
Tags.of(app).add('service', 'creator-measurement');
Tags.of(app).add('stage', config.stage);
