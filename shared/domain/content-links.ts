/**
 * Which URLs are content (a single post, video, story…) of which platform. Only https/http URLs
 * on the platform's own hosts with a content path count; profile pages and other sites do not.
 */
import type { ChannelName } from './activity-types.ts';

const HOSTS: Record<ChannelName, string[]> = {
  instagram: ['instagram.com'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  twitter: ['twitter.com', 'x.com'],
  linkedin: ['linkedin.com'],
  reddit: ['reddit.com'],
};

const CONTENT_PATHS: Record<ChannelName, (url: URL, host: string) => boolean> = {
  instagram: (u) =>
    /^\/(p|reel|reels|tv)\/[\w-]+\/?$/.test(u.pathname) || /^\/stories\/[\w.]+\/\d+\/?$/.test(u.pathname),
  youtube: (u, host) =>
    host === 'youtu.be'
      ? /^\/[\w-]{6,}\/?$/.test(u.pathname)
      : (u.pathname === '/watch' && /^[\w-]{6,}$/.test(u.searchParams.get('v') ?? '')) ||
        /^\/(shorts|live)\/[\w-]{6,}\/?$/.test(u.pathname),
  tiktok: (u) => /^\/@[\w.-]+\/(video|photo)\/\d+\/?$/.test(u.pathname),
  twitter: (u) => /^\/\w{1,15}\/status\/\d+\/?$/.test(u.pathname),
  linkedin: (u) => /^\/posts\/[^/]+\/?$/.test(u.pathname) || /^\/feed\/update\/urn:li:[\w:]+\/?$/.test(u.pathname),
  reddit: (u) => /^\/r\/\w+\/comments\/\w+(\/[^/]*)?\/?$/.test(u.pathname),
};

/** The bare host: lower case, without `www.` / `m.` / `mobile.` / `old.` prefixes. */
function bareHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^(www|m|mobile|old|vm)\./, '');
}

/** True when `href` is a content URL of `platform`. */
export function isContentUrlOf(platform: ChannelName, href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = bareHost(url);
  if (!HOSTS[platform].includes(host)) return false;
  return CONTENT_PATHS[platform](url, host);
}
