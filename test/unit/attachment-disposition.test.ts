/**
 * The Content-Disposition of presigned downloads: whatever a file name holds (CR, LF, quotes,
 * semicolons, non-ASCII), it stays one RFC 8187 `filename*` value that decodes to the name.
 */
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../shared/integrations/storage-urls/port.ts';

const ONE_PARAMETER = /^attachment; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/;

describe('attachmentDisposition', () => {
  it.each([
    ['plain.md', "attachment; filename*=UTF-8''plain.md"],
    ['Übersicht März.csv', "attachment; filename*=UTF-8''%C3%9Cbersicht%20M%C3%A4rz.csv"],
    ['a\r\nSet-Cookie: x=1.txt', "attachment; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1.txt"],
    [`x"; filename="evil.exe`, "attachment; filename*=UTF-8''x%22%3B%20filename%3D%22evil.exe"],
    ["it's (1)*.md", "attachment; filename*=UTF-8''it%27s%20%281%29%2A.md"],
  ])('encodes %j as one parameter of attr-chars and escapes', (name, expected) => {
    const disposition = attachmentDisposition(name);
    expect(disposition).toBe(expected);
    expect(disposition).toMatch(ONE_PARAMETER);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe(name);
  });
});
