/**
 * The object sweep in the cloud (the cold-start targets, test/bench/RESULTS.md): the job (functions/jobs/delete-released-objects.ts) on
 * an EventBridge schedule, deleting the objects that deletions released (shared/db/storage) from
 * the files and avatars buckets, where it may only delete. The deleting routes call no S3 and have
 * no grant on the buckets. Every 5 minutes: how long a released object may outlive its record.
 */
import { Duration } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { ScheduledJob, type ScheduledJobProps } from './scheduled-job.ts';

export const RELEASED_OBJECTS_SWEEP_MINUTES = 5;

export class ReleasedObjectsSweep extends ScheduledJob {
  constructor(
    scope: Construct,
    id: string,
    props: ScheduledJobProps & { buckets: { files: IBucket; avatars: IBucket } },
  ) {
    super(scope, id, {
      ...props,
      job: 'delete-released-objects',
      every: Duration.minutes(RELEASED_OBJECTS_SWEEP_MINUTES),
    });
    this.fn.bindBucket('FILES_BUCKET', props.buckets.files, 'delete');
    this.fn.bindBucket('AVATARS_BUCKET', props.buckets.avatars, 'delete');
  }
}
