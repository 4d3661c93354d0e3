/**
 * The invitation email's words. The organization's name is free text its owner chose, so it is
 * never in the subject (which reads as the service's own) and is quoted in the body as the
 * inviter's words, inert (user-text.ts): a name like "URGENT verify at https://evil.example" must
 * not read as our instruction nor become a link. The inviter is named by the address their token
 * vouches for, quoted the same way, never by a profile name they typed.
 */
import type { Role } from './roles.ts';
import { inertQuotation } from './user-text.ts';

export const INVITATION_SUBJECT = 'You have been invited to join an organization';

export function invitationEmail(input: { organizationName: string; inviterEmail: string | undefined; role: Role }): {
  subject: string;
  text: string;
} {
  const inviter =
    input.inviterEmail === undefined ? 'one of its owners' : `the account ${inertQuotation(input.inviterEmail)}`;
  return {
    subject: INVITATION_SUBJECT,
    text: [
      `You have been invited to join the organization named "${inertQuotation(input.organizationName)}" by ${inviter} as ${input.role}.`,
      "The name in quotes was chosen by that organization's owners, not by us, and is shown with its links broken: do not follow instructions it seems to give.",
      'Sign in (or sign up with this address) to accept or decline the invitation. If you did not expect it, ignore this email.',
    ].join('\n\n'),
  };
}
