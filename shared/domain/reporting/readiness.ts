/**
 * Launch readiness of a campaign (docs/decisions.md "Report shapes"): one check per brief field and
 * link, in the order of `READINESS_FIELDS`, each with a message from a template; `missing` names
 * the ones not yet there; ready when none is missing.
 */

export const READINESS_FIELDS = [
  'summary',
  'objective',
  'audience',
  'desiredOutcomes',
  'channels',
  'startAt',
  'endAt',
  'ownerUserId',
  'budget',
  'activities',
] as const;
export type ReadinessField = (typeof READINESS_FIELDS)[number];

/** What readiness looks at: the brief as stored and how many activities are linked. */
export interface BriefState {
  summary: string | null;
  objective: string | null;
  audience: string | null;
  desiredOutcomes: string | null;
  channels: readonly string[];
  startAt: string | null;
  endAt: string | null;
  ownerUserId: string | null;
  budget: number | null;
  activitiesCount: number;
}

const LABELS: Record<ReadinessField, string> = {
  summary: 'a summary',
  objective: 'an objective',
  audience: 'an audience',
  desiredOutcomes: 'desired outcomes',
  channels: 'at least one channel',
  startAt: 'a start date',
  endAt: 'an end date',
  ownerUserId: 'an owner',
  budget: 'a budget',
  activities: 'at least one linked activity',
};

const filled = (text: string | null) => typeof text === 'string' && text.trim().length > 0;

function present(field: ReadinessField, brief: BriefState): boolean {
  switch (field) {
    case 'channels':
      return brief.channels.length > 0;
    case 'budget':
      return brief.budget !== null && brief.budget > 0;
    case 'activities':
      return brief.activitiesCount > 0;
    case 'startAt':
    case 'endAt':
    case 'ownerUserId':
      return brief[field] !== null;
    default:
      return filled(brief[field]);
  }
}

export function readiness(brief: BriefState) {
  const checks = READINESS_FIELDS.map((field) => {
    const ok = present(field, brief);
    return {
      field,
      ok,
      message: ok ? `The campaign has ${LABELS[field]}.` : `The campaign needs ${LABELS[field]} before launch.`,
    };
  });
  const missing = checks.filter((c) => !c.ok).map((c) => c.field);
  return { ready: missing.length === 0, checks, missing };
}

/** The share of the readiness checks a campaign passes, 0..1 (the portfolio's brief completeness). */
export function briefShare(brief: BriefState): number {
  return readiness(brief).checks.filter((c) => c.ok).length / READINESS_FIELDS.length;
}
