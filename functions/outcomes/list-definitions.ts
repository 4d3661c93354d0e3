/** GET /v1/outcomes/definitions — the tenant's live outcome definitions, newest first; facets count each valueKind. */
import * as z from 'zod/mini';
import { outcomeDefinitionsOf } from '../../shared/db/evidence/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/outcomes.ts';
import { list } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { OutcomeDefinitionRecord } from '../../shared/schemas/records/outcome.ts';
import { listReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('GET /v1/outcomes/definitions'),
  output: listReply(OutcomeDefinitionRecord),
  input: z.strictObject({ organizationId: Uuid }),
  run: async ({ input }) => {
    // No paging in the spec: a tenant's definitions (a KPI catalogue) are returned whole.
    const definitions = await outcomeDefinitionsOf(input.organizationId);
    const valueKind: Record<string, number> = {};
    for (const d of definitions) valueKind[d.valueKind] = (valueKind[d.valueKind] ?? 0) + 1;
    return list({ items: definitions, totalCount: definitions.length }, { valueKind });
  },
});
