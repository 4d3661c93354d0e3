/** queryPage against DynamoDB Local: exact totals, disjoint and complete pages in key order. */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { queryPage } from '../../../shared/db/table/paging.ts';

const pk = `PAGING#${randomUUID()}`;
const TOTAL = 57;
const sks = Array.from({ length: TOTAL }, (_, i) => `ITEM#${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  for (let i = 0; i < sks.length; i += 25) {
    await documentClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: sks
            .slice(i, i + 25)
            .map((sk) => ({ PutRequest: { Item: { pk, sk, payload: 'x'.repeat(200) } } })),
        },
      }),
    );
  }
});

const query = { index: 'table', pk, sk: { beginsWith: 'ITEM#' } } as const;

describe('queryPage', () => {
  it('returns every item exactly once across pages, in key order, with the exact total', async () => {
    const seen: string[] = [];
    for (let pageIndex = 0; pageIndex < 6; pageIndex++) {
      const page = await queryPage(query, { pageIndex, pageSize: 10 });
      expect(page.totalCount).toBe(TOTAL);
      expect(page.items.length).toBe(pageIndex < 5 ? 10 : 7);
      seen.push(...page.items.map((item) => item.sk as string));
    }
    expect(seen).toEqual(sks);
    expect(seen.every((sk, i) => i === 0 || sk > seen[i - 1]!)).toBe(true);
  });

  it('returns full items, and follows the sort direction', async () => {
    const page = await queryPage(query, { pageIndex: 0, pageSize: 3 }, { newestFirst: true });
    expect(page.items.map((i) => i.sk)).toEqual([sks[56], sks[55], sks[54]]);
    expect(page.items[0]).toMatchObject({ pk, payload: 'x'.repeat(200) });
  });

  it('gives an empty page past the end and for an empty partition, with the right total', async () => {
    expect(await queryPage(query, { pageIndex: 6, pageSize: 10 })).toEqual({ items: [], totalCount: TOTAL });
    const empty = await queryPage({ index: 'table', pk: `NONE#${randomUUID()}` }, { pageIndex: 0, pageSize: 10 });
    expect(empty).toEqual({ items: [], totalCount: 0 });
  });

  it('handles a page size that divides the total exactly', async () => {
    const last = await queryPage(query, { pageIndex: 18, pageSize: 3 });
    expect(last.items.map((i) => i.sk)).toEqual(sks.slice(54, 57));
    expect((await queryPage(query, { pageIndex: 19, pageSize: 3 })).items).toEqual([]);
  });
});
