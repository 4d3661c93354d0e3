/**
 * A campaign's closeout (docs/spec/interface.md "campaign/closeout"): its recorded performance in the tenant
 * currency, budget use, evidence quality, the limitations of that evidence and the follow-ups it
 * leaves, each from a template with its figures; no causal attribution. Pure.
 */
import { basisNotes } from './basis-words.ts';
import { actionFor, attentionReasons, campaignFacts, type ReportContext, type StoredCampaign } from './campaigns.ts';
import { share } from './comparison.ts';

/**
 * `warnings`: the evidence warnings of the campaign's `_meta` (other currencies, missing metrics,
 * stale snapshots); `outcomes`: its conversions and CPA (conversions.ts).
 */
export function closeout(
  campaign: StoredCampaign,
  warnings: readonly string[],
  ctx: ReportContext,
  outcomes: { conversions: number | null; cpa: number | null } = { conversions: null, cpa: null },
) {
  const counted = campaignFacts(campaign, ctx);
  const facts = { ...counted, figures: { ...counted.figures, ...outcomes } };
  // A CPM or CPE over fewer activities than the totals shown says so (docs/decisions.md "Figures a reader can check").
  const limitations = [...warnings, ...basisNotes(facts.figures, facts.basis, ctx.currency)];
  if (facts.status !== 'completed')
    limitations.push(`The campaign is ${facts.status}, not completed: its figures may still change.`);
  limitations.push('Reach is not reported: no stored evidence in scope carries it.');
  if (facts.figures.conversions === null)
    limitations.push('Conversions and CPA are not reported: no outcome measurement of kind count is counted in them.');
  const followUps = attentionReasons(facts, ctx.currency)
    .filter((r) => r.kind !== 'brief_incomplete')
    .map((r) => actionFor(r.kind, facts));
  if (facts.evidence.level === 'low' || facts.evidence.level === 'medium')
    followUps.push(actionFor('low_coverage', facts));
  if (facts.figures.conversions === null)
    followUps.push(
      `Record the outcome measurements of ${facts.name} (method, period, confidence) to report what it achieved.`,
    );
  return {
    campaignId: facts.campaignId,
    name: facts.name,
    status: facts.status,
    currency: ctx.currency,
    budget: facts.budget,
    performance: facts.figures,
    budgetUsed: share(facts.budgetUsed),
    evidenceQuality: facts.evidence,
    limitations,
    followUps: [...new Set(followUps)],
  };
}
