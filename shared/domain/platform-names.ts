/**
 * How messages name a platform: its own spelling with the article it takes ("an Instagram
 * address", "a YouTube content URL"), never the enum value with a fixed "a".
 */
import type { CHANNELS } from './channels.ts';

const NAMED: Record<(typeof CHANNELS)[number], string> = {
  instagram: 'an Instagram',
  youtube: 'a YouTube',
  tiktok: 'a TikTok',
  twitter: 'an X (Twitter)',
  linkedin: 'a LinkedIn',
  reddit: 'a Reddit',
};

/** The platform's name after its article: `aPlatform('instagram')` is "an Instagram". */
export function aPlatform(platform: (typeof CHANNELS)[number]): string {
  return NAMED[platform];
}

/** The platform's name alone: "Instagram". */
export function platformName(platform: (typeof CHANNELS)[number]): string {
  return NAMED[platform].replace(/^an? /, '');
}
