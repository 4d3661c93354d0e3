/**
 * What the fake Instagram lists as an account's newest media under `npm start`: the posts the local
 * table's Instagram activities link to whose account is that one (named in the URL, or the handle of
 * a linked creator's Instagram account). Business discovery finds a post only among its account's
 * media, and the fake cannot otherwise know a newcomer's shortcodes. A scan: local data only.
 */
import { all, equals, type Condition } from '../../../shared/db/table/expressions.ts';
import { scanItemPages } from '../../../shared/db/table/query.ts';
import { accountHandleOf } from '../../../shared/db/catalogue/index.ts';
import { instagramMedia } from '../../../shared/integrations/platforms/links.ts';

/** The item holds a content link (a string: a null one is no link). */
const linked: Condition = (p) => `attribute_type(${p.path('contentHref')}, ${p.value('S')})`;

export async function connectedInstagramPosts(username: string): Promise<string[]> {
  const shortcodes: string[] = [];
  for await (const items of scanItemPages(all(equals('channel', 'instagram'), linked))) {
    for (const item of items) {
      const media = instagramMedia(String(item.contentHref));
      const owner =
        media?.username ??
        (media ? await accountHandleOf(String(item.organizationId), String(item.id), 'instagram') : undefined);
      if (media && owner?.toLowerCase() === username.toLowerCase()) shortcodes.push(media.shortcode);
    }
  }
  return shortcodes;
}
