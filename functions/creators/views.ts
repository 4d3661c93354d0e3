/** The creator record as answered by the Creators routes: the stored record plus its social accounts. */
import { getCreator, type Creator, socialAccountsOf, type SocialAccount } from '../../shared/db/catalogue/index.ts';
import { notFound } from '../../shared/http/problem.ts';

export function creatorView(creator: Creator, socialAccounts: SocialAccount[]) {
  return { ...creator, socialAccounts };
}

export async function withSocialAccounts(creator: Creator) {
  return creatorView(creator, await socialAccountsOf(creator.workspaceId, creator.id));
}

/** A creator of the workspace named in the input; 404 when it is not one (or does not exist). */
export async function creatorInWorkspace(workspaceId: string, creatorId: string): Promise<Creator> {
  const creator = await getCreator(workspaceId, creatorId);
  if (!creator) throw notFound('The creator');
  return creator;
}
