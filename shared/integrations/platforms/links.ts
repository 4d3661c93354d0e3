/**
 * The platform's own id of a connected content URL (shared/domain/content-links.ts decides which
 * URLs are content). Undefined when the URL names no content the platform's API can look up: the
 * adapter answers `missing` for it, as the platform would.
 */
function parse(href: string): { host: string; url: URL } | undefined {
  try {
    const url = new URL(href);
    return { host: url.hostname.toLowerCase().replace(/^(www|m|mobile|old|new|vm)\./, ''), url };
  } catch {
    return undefined;
  }
}

const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

/** watch?v=, youtu.be/, /shorts/, /live/ and /embed/ URLs. */
export function youtubeVideoId(href: string): string | undefined {
  const p = parse(href);
  if (!p) return undefined;
  const [first, second] = segments(p.url);
  const id =
    p.host === 'youtu.be'
      ? first
      : p.url.pathname === '/watch'
        ? p.url.searchParams.get('v')
        : first && ['shorts', 'live', 'embed'].includes(first)
          ? second
          : undefined;
  return id && /^[\w-]{6,}$/.test(id) ? id : undefined;
}

/** /r/<sub>/comments/<id>/..., /comments/<id> and redd.it/<id>: the post's base-36 id. */
export function redditPostId(href: string): string | undefined {
  const p = parse(href);
  if (!p) return undefined;
  const parts = segments(p.url);
  const at = parts.indexOf('comments');
  const id = p.host === 'redd.it' ? parts[0] : at >= 0 ? parts[at + 1] : undefined;
  return id && /^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : undefined;
}

/** /<user>/status/<id> and /i/web/status/<id>. */
export function tweetId(href: string): string | undefined {
  const p = parse(href);
  if (!p) return undefined;
  const parts = segments(p.url);
  const id = parts[parts.indexOf('status') + 1];
  return parts.includes('status') && id && /^\d{1,20}$/.test(id) ? id : undefined;
}

/**
 * An Instagram post's shortcode (/p/, /reel/, /reels/, /tv/, with or without the account's
 * username in front) and that username when the URL carries it. Stories have no shortcode and
 * business discovery cannot read them.
 */
export function instagramMedia(href: string): { shortcode: string; username?: string } | undefined {
  const p = parse(href);
  if (!p) return undefined;
  const parts = segments(p.url);
  const at = parts.findIndex((s) => ['p', 'reel', 'reels', 'tv'].includes(s));
  const shortcode = at >= 0 ? parts[at + 1] : undefined;
  if (!shortcode || !/^[\w-]+$/.test(shortcode)) return undefined;
  const username = at === 1 ? instagramUsername(parts[0]!) : undefined;
  return username ? { shortcode, username } : { shortcode };
}

/** An Instagram username as Instagram allows them (it goes into a Graph API field expression), lower-cased. */
export function instagramUsername(value: string): string | undefined {
  const name = value.replace(/^@/, '').toLowerCase();
  return /^[a-z0-9._]{1,30}$/.test(name) ? name : undefined;
}
