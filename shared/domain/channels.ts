/** The social platforms an activity is published on (docs/spec/interface.md, `Channel`). */
export const CHANNELS = ['instagram', 'youtube', 'tiktok', 'twitter', 'linkedin', 'reddit'] as const;
