/**
 * Records addressed by id alone: the pointer names the tenant, and authorization reads membership
 * and record in one batch — two DynamoDB round trips for a single-record read.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { noteFromItem } from '../../../shared/db/evidence/notes.ts';
import { pointerPut, recordTenant } from '../../../shared/db/table/records.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { defineHandler } from '../../../shared/http/handler.ts';
import { routeByKey } from '../../../functions/routes.ts';
import { ok } from '../../../shared/http/result.ts';
import { Uuid } from '../../../shared/schemas/common.ts';
import { countDynamoCalls } from '../../support/dynamodb-calls.ts';
import { invoke } from '../middleware/helpers.ts';
import { signUp, type TestUser } from '../../support/users.ts';

const getNote = defineHandler({
  route: routeByKey('GET /v1/notes/:id'),
  input: z.strictObject({ noteId: Uuid }),
  tenantOf: recordTenant('note', 'noteId'),
  record: noteFromItem,
  run: async ({ record }) => ok({ content: record.content }),
});

/** The same route with a mapping of its own: the handler gets what the mapping made of the item, never the raw item. */
const getNoteSummary = defineHandler({
  route: routeByKey('GET /v1/notes/:id'),
  input: z.strictObject({ noteId: Uuid }),
  tenantOf: recordTenant('note', 'noteId'),
  record: (item) => ({ words: String(item.content).split(' ').length, keys: Object.keys(item).sort() }),
  run: async ({ tenant, record }) => ok({ tenantId: tenant.tenantId, ...record }),
});

let owner: TestUser;
let outsider: TestUser;
let tenantId: string;

async function writeNote(content: string, kind: 'note' | 'creator' = 'note'): Promise<string> {
  const id = randomUUID();
  const recordKey = { pk: `TENANT#${tenantId}`, sk: `NOTE#${id}` };
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...recordKey, id, content } } },
        pointerPut(kind, id, tenantId, recordKey),
      ],
    }),
  );
  return id;
}

beforeAll(async () => {
  owner = await signUp('Owner');
  outsider = await signUp('Outsider');
  tenantId = (await createTenant({ name: 'Notes Inc', ownerUserId: owner.userId })).id;
  await createTenant({ name: 'Elsewhere', ownerUserId: outsider.userId });
});

describe('record pointers', () => {
  it('hands the record to the handler after two round trips (pointer, then membership + record)', async () => {
    const id = await writeNote('hello');
    const counter = countDynamoCalls();
    const before = counter.read();
    const response = await invoke(getNote, 'GET', `/v1/notes/${id}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ content: 'hello' });
    expect(counter.read() - before).toBe(2);
  });

  it('hands the handler the record as its item mapping parsed it, with the tenant in scope', async () => {
    const id = await writeNote('two words');
    const response = await invoke(getNoteSummary, 'GET', `/v1/notes/${id}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ tenantId, words: 2, keys: ['content', 'id', 'pk', 'sk'] });
  });

  it('answers 404 to a member of another tenant, for a pointer of another kind, and for a missing or deleted record', async () => {
    const id = await writeNote('secret');
    expect((await invoke(getNote, 'GET', `/v1/notes/${id}`, { token: outsider.token })).status).toBe(404);
    const creatorId = await writeNote('not a note', 'creator');
    expect((await invoke(getNote, 'GET', `/v1/notes/${creatorId}`, { token: owner.token })).status).toBe(404);
    expect((await invoke(getNote, 'GET', `/v1/notes/${randomUUID()}`, { token: owner.token })).status).toBe(404);
    const gone = await writeNote('gone');
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: `TENANT#${tenantId}`, sk: `NOTE#${gone}`, id: gone, deletedAt: new Date().toISOString() },
      }),
    );
    expect((await invoke(getNote, 'GET', `/v1/notes/${gone}`, { token: owner.token })).status).toBe(404);
  });
});
