/**
 * The account a piece of content was published from, as far as the tenant recorded it: the handle
 * of a linked creator's social account on the content's platform. Instagram's business discovery
 * finds a post only among its account's media, and its /p/<code> URLs name no account.
 */
import { linksOfActivity } from './creator-links.ts';
import { socialAccountsOf } from './social-accounts.ts';

/** The handle of the first linked creator (in link order) with an account on `platform`; undefined when none has one. */
export async function accountHandleOf(
  tenantId: string,
  activityId: string,
  platform: string,
): Promise<string | undefined> {
  for (const link of await linksOfActivity(tenantId, activityId)) {
    const account = (await socialAccountsOf(tenantId, link.creatorId)).find((a) => a.platform === platform);
    if (account) return account.handle;
  }
  return undefined;
}
