/**
 * Sending one email. Amazon SES in the cloud (cloud.ts); there is no local implementation:
 * locally nothing is sent and the outbox is the inbox (`GET /local/outbox`), as the delivery job
 * (functions/jobs/deliver-outbox.ts) runs only in the cloud.
 */

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** The email can never be sent as it is (an unusable address): retrying cannot help. */
export class UndeliverableEmail extends Error {
  override name = 'UndeliverableEmail';
}

export interface Mailer {
  /** Sends the email from the configured sender; resolves to the provider's message id. */
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
}
