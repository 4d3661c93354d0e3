/** The fakes' counts are deterministic and never go down as time passes (docs/decisions.md: a decrease is a correction). */
import { describe, expect, it } from 'vitest';
import { fakeCounts, fakeFollowers } from '../../../infra/local/fakes/platforms.ts';

const START = Date.parse('2026-01-01T00:00:00Z');

describe('fake platform counts', () => {
  it('never decrease, minute by minute over days, for many ids', () => {
    for (let n = 0; n < 20; n++) {
      const id = `youtube:id${n}`;
      let previous = fakeCounts(id, new Date(START));
      let followers = fakeFollowers(`h${n}`, new Date(START));
      for (let minute = 1; minute < 3 * 24 * 60; minute += 13) {
        const at = new Date(START + minute * 60_000 + n * 1000);
        const now = fakeCounts(id, at);
        for (const key of Object.keys(now) as (keyof typeof now)[])
          expect(now[key]).toBeGreaterThanOrEqual(previous[key]);
        const f = fakeFollowers(`h${n}`, at);
        expect(f).toBeGreaterThanOrEqual(followers);
        previous = now;
        followers = f;
      }
    }
  });

  it('grow over a day and are the same for the same id and time', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    expect(fakeCounts('x:1', at)).toEqual(fakeCounts('x:1', new Date(at)));
    expect(fakeCounts('x:1', new Date(at.getTime() + 86_400_000)).views).toBeGreaterThan(fakeCounts('x:1', at).views);
  });
});
