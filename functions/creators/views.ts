/** The creator record as answered by the Creators routes: the stored record plus its social accounts. */
import { getCreator, type Creator } from '../../shared/db/creators.ts';
import { socialAccountsOf, type SocialAccount } from '../../shared/db/social-accounts.ts';
import { getTenant, type Tenant } from '../../shared/db/tenants.ts';
import { notFound } from '../../shared/http/problem.ts';

export function creatorView(creator: Creator, socialAccounts: SocialAccount[]) {
  return { ...creator, socialAccounts };
}

export async function withSocialAccounts(creator: Creator) {
  return creatorView(creator, await socialAccountsOf(creator.workspaceId, creator.id));
}

/** The workspace in scope (authorization has just seen it live). */
export async function workspaceOf(tenantId: string): Promise<Tenant> {
  const tenant = await getTenant(tenantId);
  if (!tenant) throw notFound('The workspace');
  return tenant;
}

/** A creator of the workspace named in the input; 404 when it is not one (or does not exist). */
export async function creatorInWorkspace(workspaceId: string, creatorId: string): Promise<Creator> {
  const creator = await getCreator(workspaceId, creatorId);
  if (!creator) throw notFound('The creator');
  return creator;
}
