/**
 * The campaign status sweep in the cloud (docs/webhooks.md, `campaign.status_changed`): the job
 * (functions/jobs/sweep-campaign-status.ts) on an hourly EventBridge schedule, with the table
 * actions its code reaches (it queries the due index, reads campaigns and tenants, and updates
 * campaigns). Hourly: a status moves at a tenant's local midnight, announced within the hour after.
 */
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ScheduledJob, type ScheduledJobProps } from './scheduled-job.ts';

export class CampaignStatusSweep extends ScheduledJob {
  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id, { ...props, job: 'sweep-campaign-status', every: Duration.hours(1) });
  }
}
