/**
 * Time-ordered record ids (UUID version 7, monotonic within a process): records whose sort key ends
 * in creation time and id (notes, files, outcomes) keep their creation order within one millisecond.
 */
import { randomBytes, randomInt } from 'node:crypto';

let lastId = { ms: -1, seq: 0 };

/** A UUID version 7 for `ms`: later calls in the same millisecond get a larger counter (rand_a). */
export function timeOrderedId(ms: number): string {
  const seq = ms === lastId.ms ? Math.min(lastId.seq + 1, 0xfff) : randomInt(0, 0x800);
  lastId = { ms, seq };
  const tail = randomBytes(8);
  tail[0] = (tail[0]! & 0x3f) | 0x80;
  const hex = `${ms.toString(16).padStart(12, '0')}7${seq.toString(16).padStart(3, '0')}${tail.toString('hex')}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
