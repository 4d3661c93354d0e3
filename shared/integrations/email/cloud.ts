/**
 * The mailer on Amazon SES (v2 SendEmail, Simple content). Cloud only — locally nothing is sent
 * and the outbox is the inbox (`GET /local/outbox`), so there is no local implementation.
 *
 * Header hygiene is enforced here, whatever the API let through (defence in depth: subjects are
 * the service's fixed words today, user text is only quoted in bodies, shared/domain/user-text.ts). SES builds the MIME message from Simple content and
 * encodes a UTF-8 subject and body itself (Charset), so non-ASCII text needs nothing from us; but a
 * control character must never reach a header. So the subject has its control characters
 * replaced by spaces (a subject is prose: cleaning it cannot change who receives the email), while
 * an address with anything but one plain `local@domain` is refused outright: cleaning an address
 * could deliver to someone else, and a comma or angle bracket could add a recipient.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { domainToASCII } from 'node:url';
import { config, ConfigError } from '../../config.ts';
import { UndeliverableEmail, type Mailer, type OutgoingEmail } from './port.ts';

/** C0 and C1 controls (CR, LF, NUL, DEL, NEL...) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]+/gu;

/** Header text with every run of control characters turned into one space. */
export function headerText(value: string): string {
  return value.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
}

/** An unquoted local part (RFC 5322 dot-atom): SES takes 7-bit ASCII only before the `@`. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const ASCII_DOMAIN = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** Checked before the ASCII conversion, which would quietly drop a newline or decode `%41`. */
const DOMAIN_SPECIALS = /[\s\p{Cc}\u2028\u2029%@<>()[\]\\,;:"]/u;

/**
 * One plain address, as SES must receive it: an ASCII local part and the domain in its ASCII
 * (punycode) form, which is how SES expects an internationalized domain. Anything else —
 * control characters, spaces, a display name, a second address — is refused.
 */
export function mailAddress(value: string): string {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const rawDomain = value.slice(at + 1);
  const domain = at > 0 && !DOMAIN_SPECIALS.test(rawDomain) ? domainToASCII(rawDomain) : '';
  if (!LOCAL_PART.test(local) || !ASCII_DOMAIN.test(domain)) {
    // The address itself stays out of the message: it is personal data and may hold the control characters.
    throw new UndeliverableEmail('Not a single plain email address');
  }
  return `${local}@${domain}`;
}

let client: SESv2Client | undefined;

function ses(): SESv2Client {
  // Bounded waits, so a stalled connection fails this attempt (and the stream retries it) long
  // before the function times out and the whole batch is retried.
  client ??= new SESv2Client({
    region: config.region(),
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
  });
  return client;
}

/** A bad sender is the deployment's fault, not the email's: it must fail (and be retried), not be dropped. */
function sender(): string {
  try {
    return mailAddress(config.emailSender());
  } catch {
    throw new ConfigError('EMAIL_SENDER is not a single plain email address');
  }
}

/** Sends the email from the configured sender; resolves to SES's message id. */
async function sendEmail(email: OutgoingEmail): Promise<{ messageId: string }> {
  const out = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: sender(),
      Destination: { ToAddresses: [mailAddress(email.to)] },
      Content: {
        Simple: {
          Subject: { Data: headerText(email.subject), Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  if (!out.MessageId) throw new Error('SES accepted the email without a message id');
  return { messageId: out.MessageId };
}

export const sesMailer: Mailer = { send: sendEmail };

/** Forget the client, so the next send reads configuration again (tests). */
export function forgetSes(): void {
  client?.destroy();
  client = undefined;
}
