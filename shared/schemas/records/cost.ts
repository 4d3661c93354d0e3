/** The cost record (Costs and Activities groups). */
import * as z from 'zod/mini';
import { stored } from './common.ts';
import { named } from './reply.ts';

export const CostRecord = named(
  'Cost',
  z.object({
    ...stored,
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    activityId: z.uuid(),
    creatorId: z.nullable(z.uuid()),
    categoryId: z.nullable(z.uuid()),
    amount: z.number(),
    currency: z.string(),
    type: z.string(),
    description: z.nullable(z.string()),
    /** The campaign it counts in: its activity's. */
    campaignId: z.nullable(z.uuid()),
  }),
);
