/**
 * `member.joined`: a membership becomes active — added active (an owner's add, an accepted
 * invitation of a known address, a removed member added again) or turned active from pending (the
 * recipient accepted, memberships.ts `activateMembership`). The member is shown as the members list
 * shows them (members.ts `memberView`), nothing more of the person, with the organization's id. Never for the shared demo
 * organization, whose members never see each other (docs/decisions.md).
 */
import { memberView, Memberships, getTenant, getUser } from '../../db/tenancy/index.ts';
import { isEntity } from '../../db/table/index.ts';
import type { StreamChange } from '../../domain/webhook-events.ts';
import { tenantIdOf, type Image, type Occurrence, type Source } from './source.ts';

/** An active membership (a removed one stays as a tombstone with `deletedAt`). */
const active = (item: Image | undefined) =>
  item !== undefined && item.deletedAt === undefined && item.status === 'active';

async function occurrences({ oldImage, newImage }: StreamChange): Promise<Occurrence[]> {
  if (!newImage || !active(newImage) || active(oldImage)) return [];
  const tenantId = tenantIdOf(newImage);
  const [tenant, user] = await Promise.all([getTenant(tenantId), getUser(String(newImage.userId))]);
  // A tenant or account gone meanwhile has no one to tell, or no one to show.
  if (!tenant || tenant.isDemo || !user) return [];
  const previousMembershipStatus =
    oldImage?.deletedAt === undefined && typeof oldImage?.status === 'string' ? oldImage.status : null;
  return [
    {
      type: 'member.joined',
      tenantId,
      data: { ...memberView(user, Memberships.fromItem(newImage)), organizationId: tenantId, previousMembershipStatus },
    },
  ];
}

export const memberSource: Source = { reads: (item) => isEntity(item, 'membership'), occurrences };
