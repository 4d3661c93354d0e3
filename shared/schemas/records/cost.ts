/** The cost record (Costs and Activities groups). */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { CostSchema } from '../../records/cost.ts';
import { named } from './reply.ts';

export const CostRecord = named('Cost', CostSchema);

/** A cost as the cost reads show it: with its creator, category and activity names. */
export const CostViewRecord = named(
  'CostView',
  lazySchema(() =>
    z.object({
      ...CostSchema.shape,
      creator: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
      categoryName: z.nullable(z.string()),
      activityName: z.nullable(z.string()),
    }),
  ),
);

/** A cost type (the free label) and how many costs use it. */
export const CostTypeRecord = named(
  'CostType',
  /* @__PURE__ */ lazySchema(() => z.object({ type: z.string(), count: z.int() })),
);
