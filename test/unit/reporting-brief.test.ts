/** The marketing brief's limitations and conversions (shared/domain/reporting/brief.ts), pure. */
import { describe, expect, it } from 'vitest';
import { marketingBrief, NO_CAUSAL_CLAIM, type BriefConversions } from '../../shared/domain/reporting/brief.ts';

const ctx = { currency: 'USD', timeZone: 'UTC', now: new Date('2026-06-15T12:00:00Z') };
const NONE: BriefConversions = {
  conversions: null,
  cpa: null,
  basis: { spend: 0, conversions: 0, campaigns: 0 },
  definitions: [],
};
const WARNINGS = ['Warning one.', 'Warning two.', 'Warning three.', 'Warning four.'];
const brief = (audience: 'executive' | 'practitioner', conversions = NONE, warnings = WARNINGS) =>
  marketingBrief(
    { tenant: { activitiesCount: 2, activitiesWithMetrics: 1 }, campaigns: [], days: [], warnings, conversions },
    audience,
    30,
    ctx,
  );

describe('marketing brief limitations', () => {
  it('keep the causal disclaimer in an executive brief cut to 3 of 4 warnings and more', () => {
    expect(brief('executive').measurementLimitations).toEqual([NO_CAUSAL_CLAIM, 'Warning one.', 'Warning two.']);
  });

  it('list every warning for a practitioner, after the disclaimer, and say why conversions are missing', () => {
    expect(brief('practitioner').measurementLimitations).toEqual([
      NO_CAUSAL_CLAIM,
      ...WARNINGS,
      'Reach is not reported: no stored evidence carries it.',
      'Conversions and CPA are not reported: no outcome measurement of kind count is recorded.',
    ]);
  });

  it('are the same for the same data', () => {
    expect(brief('practitioner')).toEqual(brief('practitioner'));
    expect(brief('executive')).toEqual(brief('executive'));
  });
});

describe('marketing brief conversions', () => {
  it('name the figure, its CPA and the definitions summed', () => {
    const conversions = {
      conversions: 40,
      cpa: 2.5,
      basis: { spend: 100, conversions: 40, campaigns: 1 },
      definitions: [{ name: 'Sign-ups' }, { name: 'Trials' }],
    };
    expect(brief('practitioner', conversions, []).highlights[0]).toBe(
      '40 conversions recorded in all (active outcome measurements of Sign-ups, Trials, whatever their period); CPA $2.50: $100.00 spent by the 1 campaign with conversions over their 40 conversions.',
    );
    expect(brief('executive', conversions, []).highlights[0]).toBe('40 conversions recorded in all; CPA $2.50.');
  });

  it('say there is no CPA when the measurements count 0', () => {
    const zero = {
      conversions: 0,
      cpa: null,
      basis: { spend: 0, conversions: 0, campaigns: 0 },
      definitions: [{ name: 'Sign-ups' }],
    };
    expect(brief('executive', zero, []).highlights[0]).toBe(
      '0 conversions recorded in all; no CPA (no conversion to divide the costs by).',
    );
  });
});
