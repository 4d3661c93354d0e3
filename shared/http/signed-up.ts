/**
 * docs/decisions.md "Tenants, memberships and roles": a route that makes the caller a member of a tenant (creating one, the
 * organic sign-up, accepting or processing invitations) needs the caller's user record first, or
 * the tenant's member list, which lists user records, would not show its own owner. The spec makes
 * the record an explicit sign-up step (`POST /v1/users`, with the name and job role the user gives),
 * so it is required rather than made up from the token: 403 `forbidden`, saying how to create it.
 */
import type { User } from '../records/user.ts';
import { forbidden } from './problem.ts';

export const CREATE_USER_RECORD_FIRST =
  'Create your user record first: POST /v1/users with your userId and the email your token vouches for.';

/** The caller's own profile (a self route's `profile`), or 403 when they have not signed up yet. */
export function signedUp(profile: User | undefined): User {
  if (!profile) throw forbidden(CREATE_USER_RECORD_FIRST);
  return profile;
}
