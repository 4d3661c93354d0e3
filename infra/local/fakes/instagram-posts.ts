/**
 * What the fake Instagram lists as an account's newest media under `npm start`: the posts the local
 * table's Instagram activities link to whose account is that one (named in the URL, or the handle of
 * a linked creator's Instagram account). Business discovery finds a post only among its account's
 * media, and the fake cannot otherwise know a newcomer's shortcodes. A scan: local data only.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { accountHandleOf } from '../../../shared/db/catalogue/index.ts';
import { instagramMedia } from '../../../shared/integrations/platforms/links.ts';

export async function connectedInstagramPosts(username: string): Promise<string[]> {
  const shortcodes: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#channel = :instagram AND attribute_type(#href, :string)',
        ExpressionAttributeNames: { '#channel': 'channel', '#href': 'contentHref' },
        ExpressionAttributeValues: { ':instagram': 'instagram', ':string': 'S' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const media = instagramMedia(String(item.contentHref));
      const owner = media?.username ?? (media ? await accountHandleOf(String(item.organizationId), String(item.id), 'instagram') : undefined);
      if (media && owner?.toLowerCase() === username.toLowerCase()) shortcodes.push(media.shortcode);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return shortcodes;
}
