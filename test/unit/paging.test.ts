/**
 * `sortRecords` (one field, ties by id, nulls last in both directions) and `pageOf`
 * (offset paging with an exact totalCount).
 */
import { describe, expect, it } from 'vitest';
import { pageOf, sortRecords } from '../../shared/db/table/paging.ts';

interface Row {
  id: string;
  v: string | number | null | undefined;
}

const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
const byV = (r: Row) => r.v;

/** Every ordering of a small list, to prove a sort does not depend on its input order. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('sortRecords', () => {
  it('sorts numbers ascending and descending', () => {
    const rows: Row[] = [
      { id: 'a', v: 2 },
      { id: 'b', v: 10 },
      { id: 'c', v: 1 },
    ];
    expect(ids(sortRecords(rows, byV, 'asc'))).toEqual(['c', 'a', 'b']);
    expect(ids(sortRecords(rows, byV, 'desc'))).toEqual(['b', 'a', 'c']);
  });

  it('sorts strings case-insensitively', () => {
    const rows: Row[] = [
      { id: '1', v: 'banana' },
      { id: '2', v: 'Apple' },
      { id: '3', v: 'cherry' },
    ];
    expect(ids(sortRecords(rows, byV, 'asc'))).toEqual(['2', '1', '3']);
  });

  it('breaks ties by id, whatever the input order (asc: id ascending)', () => {
    const rows: Row[] = [
      { id: 'c', v: 1 },
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
      { id: 'z', v: 0 },
    ];
    for (const order of permutations(rows)) expect(ids(sortRecords(order, byV, 'asc'))).toEqual(['z', 'a', 'b', 'c']);
  });

  it('breaks ties by id in descending order too, so desc is the exact reverse of asc', () => {
    const rows: Row[] = [
      { id: 'c', v: 1 },
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
      { id: 'z', v: 0 },
    ];
    for (const order of permutations(rows)) expect(ids(sortRecords(order, byV, 'desc'))).toEqual(['c', 'b', 'a', 'z']);
  });

  it('treats strings equal but for case as a tie broken by id', () => {
    const rows: Row[] = [
      { id: 'b', v: 'ada' },
      { id: 'a', v: 'Ada' },
    ];
    expect(ids(sortRecords(rows, byV, 'asc'))).toEqual(['a', 'b']);
    expect(ids(sortRecords([...rows].reverse(), byV, 'asc'))).toEqual(['a', 'b']);
  });

  it('puts nulls last when ascending', () => {
    const rows: Row[] = [
      { id: 'n', v: null },
      { id: 'a', v: 2 },
      { id: 'b', v: 1 },
    ];
    expect(ids(sortRecords(rows, byV, 'asc'))).toEqual(['b', 'a', 'n']);
  });

  it('puts nulls last when descending', () => {
    const rows: Row[] = [
      { id: 'n', v: null },
      { id: 'a', v: 2 },
      { id: 'b', v: 1 },
    ];
    expect(ids(sortRecords(rows, byV, 'desc'))).toEqual(['a', 'b', 'n']);
  });

  it('breaks ties among several nulls by id', () => {
    const rows: Row[] = [
      { id: 'y', v: null },
      { id: 'x', v: null },
      { id: 'a', v: 'k' },
    ];
    for (const order of permutations(rows)) expect(ids(sortRecords(order, byV, 'asc'))).toEqual(['a', 'x', 'y']);
  });

  it('treats null and undefined alike as missing: last, ties broken by id, whatever the input order', () => {
    const rows: Row[] = [
      { id: 'b', v: null },
      { id: 'a', v: undefined },
      { id: 'c', v: 'x' },
      { id: 'd', v: null },
    ];
    for (const order of permutations(rows)) {
      expect(ids(sortRecords(order, byV, 'asc'))).toEqual(['c', 'a', 'b', 'd']);
      expect(ids(sortRecords(order, byV, 'desc'))).toEqual(['c', 'd', 'b', 'a']);
    }
  });

  it('does not modify its input and handles an empty list', () => {
    const rows: Row[] = [
      { id: 'b', v: 2 },
      { id: 'a', v: 1 },
    ];
    sortRecords(rows, byV, 'asc');
    expect(ids(rows)).toEqual(['b', 'a']);
    expect(sortRecords([], byV, 'asc')).toEqual([]);
  });
});

describe('pageOf', () => {
  const all = Array.from({ length: 10 }, (_, i) => i);

  it('gives the first page and the exact total', () => {
    expect(pageOf(all, { pageIndex: 0, pageSize: 3 })).toEqual({ items: [0, 1, 2], totalCount: 10 });
  });

  it('gives a middle page', () => {
    expect(pageOf(all, { pageIndex: 1, pageSize: 3 })).toEqual({ items: [3, 4, 5], totalCount: 10 });
  });

  it('gives the last partial page', () => {
    expect(pageOf(all, { pageIndex: 3, pageSize: 3 })).toEqual({ items: [9], totalCount: 10 });
  });

  it('gives a full last page when the total is an exact multiple of the page size, then an empty one', () => {
    expect(pageOf(all, { pageIndex: 1, pageSize: 5 })).toEqual({ items: [5, 6, 7, 8, 9], totalCount: 10 });
    expect(pageOf(all, { pageIndex: 2, pageSize: 5 })).toEqual({ items: [], totalCount: 10 });
  });

  it('gives empty items with the correct totalCount for a page far past the end', () => {
    expect(pageOf(all, { pageIndex: 1000, pageSize: 100 })).toEqual({ items: [], totalCount: 10 });
  });

  it('gives empty items and totalCount 0 for an empty list', () => {
    expect(pageOf([], { pageIndex: 0, pageSize: 10 })).toEqual({ items: [], totalCount: 0 });
  });

  it('gives the whole list on one page when the page is larger than the list', () => {
    expect(pageOf(all, { pageIndex: 0, pageSize: 100 })).toEqual({ items: all, totalCount: 10 });
  });

  it('pages over a sorted list are disjoint and together complete', () => {
    const seen = [0, 1, 2, 3].flatMap((pageIndex) => pageOf(all, { pageIndex, pageSize: 3 }).items);
    expect(seen).toEqual(all);
  });
});
