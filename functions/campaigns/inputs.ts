/** Input schemas of the campaign fields (create, update, preview, duplicate share them). */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { DateTime, multilineText, text, Uuid } from '../../shared/schemas/common.ts';
import { moneyInput } from '../../shared/schemas/money.ts';

/** Longest planning text accepted (summary, objective, ...), in characters. */
export const PLANNING_TEXT_MAX = 5_000;

export const CampaignName = /* @__PURE__ */ droppable(() => text(1, 255));
const PlanningText = /* @__PURE__ */ droppable(() => z.optional(z.nullable(multilineText(0, PLANNING_TEXT_MAX))));
/** In the tenant's currency: the handlers check its minor unit (`checkMinorUnit`). */
export const Budget = /* @__PURE__ */ droppable(() => moneyInput(0, 1_000_000_000));

/** Trimmed labels, the first spelling of each kept (case-insensitively unique). */
function labels(max: number) {
  return z.pipe(
    z.array(text(1, 100)).check(z.maxLength(max)),
    z.transform((list: string[]) =>
      list.filter((label, i) => list.findIndex((l) => l.toLowerCase() === label.toLowerCase()) === i),
    ),
  );
}

/** Every settable field, each optional (update and preview); create requires `name`. */
export const campaignFieldInputs = /* @__PURE__ */ droppable(() => ({
  name: z.optional(CampaignName),
  startAt: z.optional(z.nullable(DateTime)),
  endAt: z.optional(z.nullable(DateTime)),
  budget: z.optional(z.nullable(Budget)),
  summary: PlanningText,
  objective: PlanningText,
  audience: PlanningText,
  keyMessage: PlanningText,
  desiredOutcomes: PlanningText,
  channels: z.optional(labels(20)),
  ownerUserId: z.optional(z.nullable(Uuid)),
  tags: z.optional(labels(50)),
}));

/** The path id of /v1/campaigns/:id, as the record it names. */
export const CampaignId = /* @__PURE__ */ droppable(() => ({ campaignId: Uuid }));
