/** Which activity types (ACT) exist on which channel (CH): an instagram_reel on youtube is invalid input. */
import type { CHANNELS } from './channels.ts';

export type ChannelName = (typeof CHANNELS)[number];

export const ACTIVITY_TYPES_BY_CHANNEL = {
  instagram: ['instagram_story', 'instagram_post', 'instagram_reel'],
  youtube: ['youtube_video', 'youtube_short'],
  tiktok: ['tiktok_video'],
  twitter: ['twitter_post'],
  linkedin: ['linkedin_post'],
  reddit: ['reddit_post'],
} as const satisfies Record<ChannelName, readonly string[]>;

export const ACTIVITY_TYPES = Object.values(ACTIVITY_TYPES_BY_CHANNEL).flat() as [string, ...string[]];

export function isActivityTypeOf(channel: string, activity: string): boolean {
  return ((ACTIVITY_TYPES_BY_CHANNEL as Record<string, readonly string[]>)[channel] ?? []).includes(activity);
}
