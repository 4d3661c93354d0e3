/**
 * A creator's public profile on a platform, typed as a URL (with or without scheme or `www.`) or
 * as a bare username, turned into one canonical profile URL per account, so the same account is
 * recognised however it was typed. Anything that is not a profile of that platform (another
 * platform's host, a post URL, a handle the platform would not allow) is rejected.
 */
import type { CHANNELS } from './channels.ts';
import { aPlatform, platformName } from './platform-names.ts';

export type Platform = (typeof CHANNELS)[number];

export interface Profile {
  platform: Platform;
  /** The canonical profile URL. */
  profileUrl: string;
  /** The account's identifier on the platform (handle, channel id, `u/name`, `r/sub`...). */
  handle: string;
}

/** Why a reference was rejected (the caller turns it into a 400). */
export class ProfileError extends Error {}

const HOSTS: Record<Platform, string[]> = {
  instagram: ['instagram.com', 'instagr.am'],
  youtube: ['youtube.com'],
  tiktok: ['tiktok.com'],
  twitter: ['twitter.com', 'x.com'],
  linkedin: ['linkedin.com'],
  reddit: ['reddit.com', 'old.reddit.com', 'new.reddit.com'],
};

const ALL_HOSTS = Object.values(HOSTS).flat();

/** Path segments of each platform that are pages of the site, never a profile. */
const RESERVED: Partial<Record<Platform, string[]>> = {
  instagram: ['p', 'reel', 'reels', 'explore', 'stories', 'accounts', 'direct', 'tv', 'about', 'developer', 'legal'],
  twitter: [
    'home',
    'i',
    'search',
    'explore',
    'intent',
    'share',
    'settings',
    'messages',
    'notifications',
    'login',
    'signup',
    'tos',
    'privacy',
    'hashtag',
  ],
};

const INSTAGRAM = /^(?!.*\.\.)(?!\.)(?!.*\.$)[a-z0-9._]{1,30}$/;
const YOUTUBE_HANDLE = /^[a-z0-9._-]{3,30}$/;
const YOUTUBE_CHANNEL = /^UC[A-Za-z0-9_-]{22}$/;
const YOUTUBE_NAME = /^[A-Za-z0-9._-]{1,100}$/;
const TIKTOK = /^(?!.*\.$)[a-z0-9._]{2,24}$/;
const TWITTER = /^[a-z0-9_]{1,15}$/;
const LINKEDIN = /^[a-z0-9-_%]{3,100}$/;
const REDDIT_USER = /^[a-z0-9_-]{3,20}$/;
const REDDIT_SUB = /^[a-z0-9_]{3,21}$/;

function invalid(platform: Platform, why: string): never {
  throw new ProfileError(`Not a valid ${platformName(platform)} profile: ${why}.`);
}

/** The host and path segments of a URL-looking reference, or undefined for a bare username. */
function parseUrl(platform: Platform, reference: string): string[] | undefined {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(reference);
  // A bare `name`, `first.last` or `@name` (and reddit's `u/name`, `r/sub`) is a username; a
  // dotted first segment followed by a path, or a known host alone, is an address without scheme.
  const hostPart = reference
    .split('/')[0]!
    .toLowerCase()
    .replace(/^(www\.|m\.|mobile\.)/, '');
  const looksLikeUrl =
    hasScheme || (hostPart.includes('.') && (reference.includes('/') || ALL_HOSTS.includes(hostPart)));
  if (!looksLikeUrl) return undefined;
  let url: URL;
  try {
    url = new URL(hasScheme ? reference : `https://${reference}`);
  } catch {
    return invalid(platform, 'not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') invalid(platform, 'not a web URL');
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, '');
  if (!HOSTS[platform].includes(host)) invalid(platform, `${host} is not ${aPlatform(platform)} address`);
  try {
    return url.pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return invalid(platform, 'malformed path');
  }
}

function check(platform: Platform, value: string, pattern: RegExp): string {
  if (!pattern.test(value) || RESERVED[platform]?.includes(value))
    invalid(platform, `"${value}" is not a valid account name`);
  return value;
}

/** The canonical profile of `reference` on `platform`; throws ProfileError when it is not one. */
export function normaliseProfile(platform: Platform, reference: string): Profile {
  const ref = reference.trim();
  if (!ref) invalid(platform, 'empty');
  const segments = parseUrl(platform, ref);
  const bare = segments === undefined;
  const parts = segments ?? ref.replace(/^\//, '').split('/').filter(Boolean);
  const [first = '', second = ''] = parts;
  const profile = (profileUrl: string, handle: string): Profile => ({ platform, profileUrl, handle });
  switch (platform) {
    case 'instagram': {
      if (parts.length !== 1) invalid(platform, 'not a profile address');
      const handle = check(platform, first.replace(/^@/, '').toLowerCase(), INSTAGRAM);
      return profile(`https://www.instagram.com/${handle}/`, handle);
    }
    case 'tiktok': {
      if (parts.length !== 1 || (!bare && !first.startsWith('@'))) invalid(platform, 'not a profile address');
      const handle = check(platform, first.replace(/^@/, '').toLowerCase(), TIKTOK);
      return profile(`https://www.tiktok.com/@${handle}`, handle);
    }
    case 'twitter': {
      if (parts.length !== 1) invalid(platform, 'not a profile address');
      const handle = check(platform, first.replace(/^@/, '').toLowerCase(), TWITTER);
      return profile(`https://x.com/${handle}`, handle);
    }
    case 'youtube': {
      if (parts.length === 1 && (first.startsWith('@') || bare)) {
        const handle = check(platform, first.replace(/^@/, '').toLowerCase(), YOUTUBE_HANDLE);
        return profile(`https://www.youtube.com/@${handle}`, `@${handle}`);
      }
      if (parts.length === 2 && !bare && first === 'channel') {
        const id = check(platform, second, YOUTUBE_CHANNEL);
        return profile(`https://www.youtube.com/channel/${id}`, id);
      }
      if (parts.length === 2 && !bare && (first === 'c' || first === 'user')) {
        const name = check(platform, second, YOUTUBE_NAME);
        return profile(`https://www.youtube.com/${first}/${name}`, name);
      }
      return invalid(platform, 'not a channel address');
    }
    case 'linkedin': {
      if (bare || parts.length !== 2 || (first !== 'in' && first !== 'company'))
        invalid(platform, 'not a profile or company page');
      const slug = check(platform, second.toLowerCase(), LINKEDIN);
      return profile(`https://www.linkedin.com/${first}/${slug}/`, slug);
    }
    case 'reddit': {
      if (parts.length !== 2) invalid(platform, 'not a user or community address');
      if (first === 'u' || first === 'user') {
        const name = check(platform, second.toLowerCase(), REDDIT_USER);
        return profile(`https://www.reddit.com/user/${name}/`, `u/${name}`);
      }
      if (first === 'r') {
        const sub = check(platform, second.toLowerCase(), REDDIT_SUB);
        return profile(`https://www.reddit.com/r/${sub}/`, `r/${sub}`);
      }
      return invalid(platform, 'not a user or community address');
    }
  }
}
