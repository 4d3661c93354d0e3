/** forEachTopLevelKey: the member names of a JSON object text, read without parsing it. */
import { describe, expect, it } from 'vitest';
import { forEachTopLevelKey, keyAt } from '../../shared/http/top-level-keys.ts';

/** The names decoded (a bad escape: the scan's failure, as JSON.parse would fail). */
function keysOf(text: string): { ok: boolean; keys: string[] } {
  const keys: (string | undefined)[] = [];
  const ok = forEachTopLevelKey(text, (start, end) => keys.push(keyAt(text, start, end)));
  return keys.includes(undefined) ? { ok: false, keys: [] } : { ok, keys: keys as string[] };
}

describe('forEachTopLevelKey', () => {
  it('names the top-level members only, decoded, duplicates included, skipping every kind of value', () => {
    const text =
      ' { "a" : 1 , "b_c":"x\\"}{,", "n":{"inner":[1,{"deep":"]"}]}, "\\u0064":null,"a":[true, false],"e":-1.5e3 } ';
    expect(keysOf(text)).toEqual({ ok: true, keys: ['a', 'b_c', 'n', 'd', 'a', 'e'] });
  });

  it('decodes every kind of escape in a name as JSON.parse does', () => {
    const text = '{"\\u006fwner\\u0054ype":1,"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t":2,"\\ud83d\\ude00":3}';
    expect(keysOf(text)).toEqual({ ok: true, keys: Object.keys(JSON.parse(text)) });
    expect(keysOf(text).keys[0]).toBe('ownerType');
  });

  it('reads an empty object, and a string value ending in escaped backslashes', () => {
    expect(keysOf('{}')).toEqual({ ok: true, keys: [] });
    expect(keysOf('{"a":"x\\\\","b":2}')).toEqual({ ok: true, keys: ['a', 'b'] });
  });

  it('gives up (false) on what is not an object it can delimit', () => {
    for (const text of [
      '[]',
      '"a"',
      '{"a":1',
      '{"a" 1}',
      '{"a":1,}',
      '{a:1}',
      '{"a":1}x',
      '{"a":}',
      '{"a":"x}',
      '{"\\x":1}',
      '{"\\u12":1}',
      '{"\\u12zz":1}',
    ]) {
      expect(keysOf(text).ok, text).toBe(false);
    }
  });

  it('agrees with JSON.parse on a generated object', () => {
    const value = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`k${i}"\\é`, i % 3 ? { x: [i, `}${i}]`] } : `"${i}"`]),
    );
    expect(keysOf(JSON.stringify(value)).keys).toEqual(Object.keys(value));
    expect(keysOf(JSON.stringify(value, null, 2)).keys).toEqual(Object.keys(value));
  });
});
