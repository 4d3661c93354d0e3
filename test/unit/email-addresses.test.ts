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
});
