/**
 * `asRead` and `nullOrAbsent` (shared/db/table/expressions.ts) against DynamoDB Local: a write conditioned
 * on an attribute "as read" holds while the attribute is unchanged (a value, null, or absent alike
 * when it read as nothing) and fails once another writer changed it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { conditionHeld, defineEntity, putRecord, updateRecord } from '../../../shared/db/table/entity.ts';
import { absent, all, asRead, exists, nullOrAbsent } from '../../../shared/db/table/expressions.ts';

const Mark = defineEntity({
  name: 'The mark',
  schema: () => z.object({ id: z.string(), revision: z.optional(z.nullable(z.number())), label: z.string() }),
  key: (id: string) => ({ pk: `MARK#${id}`, sk: 'MARK' }),
});

async function newMark(revision: number | null | undefined) {
  const id = randomUUID();
  await putRecord(
    Mark,
    Mark.key(id),
    { id, label: 'first', ...(revision === undefined ? {} : { revision }) },
    { condition: absent },
  );
  return id;
}

/** Whether a label change conditioned on `revision` as read is written. */
const relabel = (id: string, read: number | null | undefined) =>
  conditionHeld((failure) =>
    updateRecord(Mark, Mark.key(id), { set: { label: 'next' } }, { condition: asRead('revision', read), failure }),
  );

describe('asRead', () => {
  it('holds for an unchanged value, null or absent attribute', async () => {
    expect(await relabel(await newMark(3), 3)).toBe(true);
    expect(await relabel(await newMark(null), null)).toBe(true);
    expect(await relabel(await newMark(undefined), undefined)).toBe(true);
    // Absent and null both read as nothing.
    expect(await relabel(await newMark(undefined), null)).toBe(true);
  });

  it('fails once the attribute changed, appeared or went', async () => {
    expect(await relabel(await newMark(4), 3)).toBe(false);
    expect(await relabel(await newMark(1), undefined)).toBe(false);
    expect(await relabel(await newMark(undefined), 1)).toBe(false);
  });

  it('composes: nullOrAbsent and all() of one condition nest in all() (DynamoDB refuses doubled parentheses)', async () => {
    const id = await newMark(null);
    const written = await conditionHeld((failure) =>
      updateRecord(
        Mark,
        Mark.key(id),
        { set: { label: 'x' } },
        { condition: all(all(exists), all(nullOrAbsent('revision'))), failure },
      ),
    );
    expect(written).toBe(true);
  });
});
