/** The mailbox an address reaches, as the per-recipient email limits count it. */
import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../shared/domain/email-addresses.ts';

describe('mailboxOf', () => {
  it('drops case and surrounding whitespace', () => {
    for (const spelled of ['ann@example.com', 'Ann@Example.COM', '  ANN@example.com\t', '\nann@EXAMPLE.com ']) {
      expect(mailboxOf(spelled)).toBe('ann@example.com');
    }
  });

  it('folds a +tag subaddress into its mailbox, and only in the local part', () => {
    expect(mailboxOf('Ann+Newsletter@example.com')).toBe('ann@example.com');
    expect(mailboxOf('ann+a+b@example.com')).toBe('ann@example.com');
    // A local part that is only a tag, or a plus after the @, is left as it is.
    expect(mailboxOf('+ann@example.com')).toBe('+ann@example.com');
    expect(mailboxOf('ann@ex+ample.com')).toBe('ann@ex+ample.com');
  });

  it('folds dots and the googlemail.com alias of Gmail addresses, with case and +tag', () => {
    for (const spelled of [
      'victim@gmail.com',
      'v.ictim@gmail.com',
      'vi.ctim@gmail.com',
      'vic.tim@gmail.com',
      'victim@googlemail.com',
      'V.I.C.T.I.M+x@GoogleMail.com',
      'vic..tim.@gmail.com',
    ]) {
      expect(mailboxOf(spelled)).toBe('victim@gmail.com');
    }
  });

  it('folds dots for Gmail only: other providers may deliver them to different people', () => {
    expect(mailboxOf('v.ictim@example.com')).toBe('v.ictim@example.com');
    expect(mailboxOf('v.ictim@gmail.com.example')).toBe('v.ictim@gmail.com.example');
    expect(mailboxOf('v.ictim@notgmail.com')).toBe('v.ictim@notgmail.com');
  });
});
