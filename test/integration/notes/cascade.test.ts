/** Permanent deletes of an activity or a creator remove its notes and their pointers, and nobody else's. */
import { describe, expect, it } from 'vitest';
import * as keys from '../../../shared/db/table/item-keys.ts';
import { deleteNotesOf } from '../../../shared/db/evidence/notes.ts';
import { queryItems } from '../../../shared/db/table/query.ts';
import { locate } from '../../../shared/db/table/records.ts';
import { call } from '../../support/call.ts';
import { listNotes, newNote } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';

/** Every NOTE# item of the organization's partition. */
async function noteItems(org: OrgWithRecords) {
  const { pk } = keys.tenantPartition(org.organizationId);
  return queryItems({ index: 'table', pk, sk: { beginsWith: 'NOTE#' } });
}

describe('notes cascade', () => {
  it("deleting an activity removes its notes and pointers; the creator's notes stay", async () => {
    const org = await newOrgWithRecords();
    const gone = [await newNote(org, { content: 'one' }), await newNote(org, { content: 'two' })];
    const kept = await newNote(org, { entityType: 'creator', entityId: org.creatorId });
    const res = await call('DELETE', `/v1/activities/${org.activityId}`, { token: org.owner.token });
    expect(res.status).toBe(200);
    for (const note of gone) {
      expect((await call('GET', `/v1/notes/${note.id}`, { token: org.owner.token })).status).toBe(404);
      expect(await locate('note', note.id)).toBeUndefined();
    }
    expect((await listNotes(org, `entityType=activity&entityId=${org.activityId}`)).body.totalCount).toBe(0);
    expect((await noteItems(org)).map((i) => i.id)).toEqual([kept.id]);
    expect((await call('GET', `/v1/notes/${kept.id}`, { token: org.owner.token })).status).toBe(200);
  });

  it("deleting a creator removes its notes and pointers; the activity's notes stay", async () => {
    const org = await newOrgWithRecords();
    const gone = await newNote(org, { entityType: 'creator', entityId: org.creatorId });
    const kept = await newNote(org);
    const res = await call('DELETE', `/v1/creators/${org.creatorId}`, { token: org.owner.token });
    expect(res.status).toBe(200);
    expect((await call('GET', `/v1/notes/${gone.id}`, { token: org.owner.token })).status).toBe(404);
    expect(await locate('note', gone.id)).toBeUndefined();
    expect((await noteItems(org)).map((i) => i.id)).toEqual([kept.id]);
    // The creator is gone: no note can be written on it any more.
    const late = await call('POST', '/v1/notes', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, entityType: 'creator', entityId: org.creatorId, content: 'too late' },
    });
    expect(late.status).toBe(404);
  });

  it('deleteNotesOf removes more notes than one batch holds, and a repeat does nothing', async () => {
    const org = await newOrgWithRecords();
    for (let i = 0; i < 30; i++) await newNote(org, { content: `note ${i}` });
    expect(await noteItems(org)).toHaveLength(30);
    await deleteNotesOf(org.organizationId, 'activity', org.activityId);
    expect(await noteItems(org)).toHaveLength(0);
    await deleteNotesOf(org.organizationId, 'activity', org.activityId);
    expect(await noteItems(org)).toHaveLength(0);
  });
});
