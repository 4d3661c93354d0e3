/** The cost record (Costs and Activities groups). */
import * as z from 'zod/mini';
import { stored } from './common.ts';
import { named } from './reply.ts';

const costFields = {
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
};

export const CostRecord = named('Cost', z.object(costFields));

/** A cost as the cost reads show it: with its creator, category and activity names. */
export const CostViewRecord = named(
  'CostView',
  z.object({
    ...costFields,
    creator: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
    categoryName: z.nullable(z.string()),
    activityName: z.nullable(z.string()),
  }),
);

/** A cost type (the free label) and how many costs use it. */
export const CostTypeRecord = named('CostType', z.object({ type: z.string(), count: z.int() }));
