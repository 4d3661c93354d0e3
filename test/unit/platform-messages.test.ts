/** Messages that name a platform: its own spelling, with the right article (docs/decisions.md "Inputs"). */
import { describe, expect, it } from 'vitest';
import { checkContentUrl } from '../../functions/activities/inputs.ts';
import { normaliseProfile } from '../../shared/domain/social-profiles.ts';
import type { Problem } from '../../shared/http/problem.ts';
import { thrown } from '../support/thrown.ts';

describe('platform names in messages', () => {
  it.each([
    ['instagram', 'an Instagram'],
    ['youtube', 'a YouTube'],
    ['tiktok', 'a TikTok'],
    ['twitter', 'an X (Twitter)'],
    ['linkedin', 'a LinkedIn'],
    ['reddit', 'a Reddit'],
  ] as const)('%s: a profile on another host "is not %s address"', (platform, named) => {
    const error = thrown(() => normaliseProfile(platform, 'https://example.com/someone')) as Error;
    expect(error.message).toContain(`example.com is not ${named} address`);
  });

  it('says "an Instagram content URL" of a URL that is not one', () => {
    const problem = thrown(() => checkContentUrl('instagram', 'https://example.com/p/1', 'contentUrl')) as Problem;
    expect(problem.detail).toBe('Not an Instagram content URL.');
    expect(problem.errors).toEqual([{ path: 'contentUrl', message: 'Must be an Instagram content URL.' }]);
  });
});
