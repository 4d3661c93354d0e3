/**
 * A user's text quoted in an email: one line, no early end of the quotation, nothing a mail client
 * would link (what clients autolink: `scheme://`, `www.`, bare `host.tld`, `local@host`).
 */
import { describe, expect, it } from 'vitest';
import { invitationEmail, INVITATION_SUBJECT } from '../../shared/domain/invitation-email.ts';
import { inertQuotation } from '../../shared/domain/user-text.ts';

/** What a mail client's autolinker looks for, generously: a scheme separator, a dotted host, an address. */
const LINKABLE = [
  /[\p{L}\p{N}][:\uFF1A]\s*[/\\\uFF0F]{2}/u,
  /[\p{L}\p{N}-][.\u3002\uFF0E\uFF61][\p{L}\p{N}]/u,
  /[\p{L}\p{N}._+-][@\uFF20][\p{L}\p{N}]/u,
];

describe('inertQuotation', () => {
  it('breaks schemes, hosts and addresses the way threat reports defang them', () => {
    expect(inertQuotation('URGENT verify at https://evil.example')).toBe('URGENT verify at https[:]//evil[.]example');
    expect(inertQuotation('http:\\\\evil.example')).toBe('http[:]\\\\evil[.]example');
    expect(inertQuotation('www.evil.example/login?x=1')).toBe('www[.]evil[.]example/login?x=1');
    expect(inertQuotation('192.168.0.1')).toBe('192[.]168[.]0[.]1');
    expect(inertQuotation('mailto:ann@evil.example')).toBe('mailto:ann[@]evil[.]example');
    expect(inertQuotation('\uFF48\uFF54\uFF54\uFF50\uFF53\uFF1A\uFF0F\uFF0Fevil\uFF0Eexample')).toBe(
      '\uFF48\uFF54\uFF54\uFF50\uFF53[\uFF1A]\uFF0F\uFF0Fevil[\uFF0E]example',
    );
    expect(inertQuotation('evil\u3002example and evil\uFF61example, ann\uFF20evil')).toBe(
      'evil[\u3002]example and evil[\uFF61]example, ann[\uFF20]evil',
    );
  });

  it('leaves prose alone: sentence dots, ellipses, a lone @ or colon', () => {
    for (const prose of ['Acme Inc. Europe', 'Acme Ltd.', 'Wait...', 'Meet @ noon', 'Team: Growth', 'Café Zoë']) {
      expect(inertQuotation(prose)).toBe(prose);
    }
  });

  it('keeps to one line and cannot end the quotation', () => {
    expect(inertQuotation(' Acme\r\n\r\nBcc: x\u2028y\u0085z\u202e ')).toBe('Acme Bcc: x y z');
    expect(inertQuotation('Acme" by the service "')).toBe("Acme' by the service '");
    expect(inertQuotation('\u201CAcme\u201D \u00ABb\u00BB \uFF02c')).toBe("'Acme' 'b' 'c");
  });

  it('leaves nothing linkable in hostile names', () => {
    const hostile = [
      'Click https://evil.example/reset?u=1 now',
      'HTTPS://EVIL.EXAMPLE',
      'Go to evil.example.',
      'www.evil.co.uk',
      'security@evil.example',
      'ftp://10.0.0.1/x',
      'x.y.z@a.b.c',
      'evil .example, evil. example',
    ];
    for (const name of hostile) {
      const quoted = inertQuotation(name);
      for (const pattern of LINKABLE) expect(quoted, `${name} -> ${quoted}`).not.toMatch(pattern);
    }
  });
});

describe('invitationEmail', () => {
  it('has a fixed subject and quotes the name and the inviter as theirs', () => {
    const email = invitationEmail({
      organizationName: 'URGENT verify at https://evil.example',
      inviterEmail: 'ann@example.com',
      role: 'viewer',
    });
    expect(email.subject).toBe(INVITATION_SUBJECT);
    expect(email.text).toMatch(
      /^You have been invited to join the organization named "URGENT verify at https\[:\]\/\/evil\[\.\]example" by the account ann\[@\]example\[\.\]com as viewer\.\n\n/,
    );
    for (const pattern of LINKABLE) expect(email.text).not.toMatch(pattern);
    expect(invitationEmail({ organizationName: 'Acme', inviterEmail: undefined, role: 'member' }).text).toContain(
      'named "Acme" by one of its owners as member.',
    );
  });
});
