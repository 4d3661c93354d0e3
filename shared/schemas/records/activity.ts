/** Records of the Activities group: the activity with its stored metrics and aggregate. */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { ActivityLinkSchema } from '../../records/creator-link.ts';
import { ActivitySchema } from '../../records/activity.ts';
import { Instant } from './common.ts';
import { named } from './reply.ts';

/** An activity as a list shows it. */
export const ActivitySummaryRecord = named('ActivitySummary', ActivitySchema);

/** One activity, with the ids of its linked creators. */
export const ActivityRecord = named(
  'Activity',
  lazySchema(() =>
    z.object({ ...ActivitySchema.shape, metricsFetchDueAt: z.nullable(Instant), creatorIds: z.array(z.uuid()) }),
  ),
);

/** A creator linked to an activity. */
export const ActivityCreatorLinkRecord = named('ActivityCreatorLink', ActivityLinkSchema);
