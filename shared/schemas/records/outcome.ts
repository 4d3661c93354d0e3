/** The outcome definition record (Reported outcomes group). */
import * as z from 'zod/mini';
import { stored } from './common.ts';
import { named } from './reply.ts';

export const OutcomeDefinitionRecord = named(
  'OutcomeDefinition',
  z.object({
    ...stored,
    organizationId: z.uuid(),
    workspaceId: z.uuid(),
    name: z.string(),
    description: z.nullable(z.string()),
    valueKind: z.string(),
    unitLabel: z.nullable(z.string()),
    defaultCurrency: z.nullable(z.string()),
    /** Live measurements that use the definition; the delete is refused (409) while above 0. */
    activeMeasurementsCount: z.int(),
  }),
);
