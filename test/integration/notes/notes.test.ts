/** Notes: create on an entity of the tenant, list newest first, read, edit and delete; roles and tenants. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { timeOrderedId } from '../../../shared/db/table/ids.ts';
import { Uuid } from '../../../shared/schemas/common.ts';
import { call } from '../../support/call.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { addMember } from '../organizations/helpers.ts';
import { listNotes, newNote, postNote } from './helpers.ts';
import { newOrgWithRecords, type OrgWithRecords } from '../../support/organizations.ts';

let org: OrgWithRecords;
let viewer: TestUser;

beforeAll(async () => {
  org = await newOrgWithRecords('Nora Notes');
  viewer = await signUp('Viewer');
  await addMember(org.organizationId, org.owner, viewer, 'viewer');
});

const paths = (res: { body: { errors?: { path: string }[] } }) => (res.body.errors ?? []).map((e) => e.path);

describe('POST /v1/notes', () => {
  it("creates a note on an activity in the caller's name, with _meta", async () => {
    const res = await postNote(org, { content: '# Heading\n\n  indented' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organizationId: org.organizationId,
      workspaceId: org.organizationId,
      entityType: 'activity',
      entityId: org.activityId,
      content: '# Heading\n\n  indented',
      createdBy: org.owner.userId,
      createdByName: 'Nora Notes',
      createdAt: expect.any(String),
      updatedAt: res.body.data.createdAt,
    });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
  });

  it('creates a note on a creator, and takes createdBy (the caller) and createdByName as given', async () => {
    const note = await newNote(org, {
      entityType: 'creator',
      entityId: org.creatorId,
      createdBy: org.owner.userId,
      createdByName: 'N. N.',
    });
    expect(note).toMatchObject({
      entityType: 'creator',
      entityId: org.creatorId,
      createdBy: org.owner.userId,
      createdByName: 'N. N.',
    });
  });

  it('stores an unattributed note when createdBy is null', async () => {
    const note = await newNote(org, { createdBy: null });
    expect(note).toMatchObject({ createdBy: null, createdByName: null });
  });

  it("refuses to write in another user's name (403)", async () => {
    const res = await postNote(org, { createdBy: viewer.userId });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('bounds content: blank or 20001 characters are 400, 20000 is accepted', async () => {
    for (const content of ['', '   \n ', 'x'.repeat(20_001)]) {
      const res = await postNote(org, { content });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['content']);
    }
    expect((await newNote(org, { content: 'x'.repeat(20_000) })).content).toHaveLength(20_000);
  });

  it('bounds createdByName at 255 characters', async () => {
    expect((await newNote(org, { createdByName: 'n'.repeat(255) })).createdByName).toHaveLength(255);
    const res = await postNote(org, { createdByName: 'n'.repeat(256) });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['createdByName']);
  });

  it('rejects unknown fields, an unknown entity type and missing required inputs (400)', async () => {
    expect(paths(await postNote(org, { pinned: true }))).toEqual(['pinned']);
    expect(paths(await postNote(org, { entityType: 'cost' }))).toEqual(['entityType']);
    const res = await call('POST', '/v1/notes', {
      token: org.owner.token,
      body: { organizationId: org.organizationId, content: 'x' },
    });
    expect(res.status).toBe(400);
    expect(paths(res).sort()).toEqual(['entityId', 'entityType']);
  });

  it('creates a note on a campaign of the organization, listed under it', async () => {
    const campaign = await createCampaign(org.organizationId, { name: 'Noted campaign' });
    const note = await newNote(org, { entityType: 'campaign', entityId: campaign.id, content: 'Kickoff' });
    expect(note).toMatchObject({ entityType: 'campaign', entityId: campaign.id });
    const res = await listNotes(org, `entityType=campaign&entityId=${campaign.id}`);
    expect(res.body.items.map((n: { id: string }) => n.id)).toEqual([note.id]);
  });

  it("answers 404 for an entity that does not exist or is another tenant's", async () => {
    const other = await newOrgWithRecords('Other Owner');
    const otherCampaign = await createCampaign(other.organizationId, { name: 'Theirs' });
    for (const body of [
      { entityType: 'activity', entityId: randomUUID() },
      { entityType: 'activity', entityId: other.activityId },
      { entityType: 'creator', entityId: other.creatorId },
      { entityType: 'campaign', entityId: randomUUID() },
      { entityType: 'campaign', entityId: otherCampaign.id },
    ]) {
      const res = await postNote(org, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    // Nothing was written on the other tenant's activity.
    expect((await listNotes(other, `entityType=activity&entityId=${other.activityId}`)).body.totalCount).toBe(0);
  });

  it('is refused to a viewer (403) and to a non-member naming the organization (403)', async () => {
    expect((await postNote(org, {}, viewer)).status).toBe(403);
    const stranger = await signUp('Stranger');
    const res = await postNote(org, {}, stranger);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });
});

describe('GET /v1/notes', () => {
  it("lists an entity's notes newest first, only that entity's, with _meta", async () => {
    const fresh = await newOrgWithRecords();
    const made = [];
    // Back to back: notes created in the same millisecond still sort by their time-ordered ids.
    for (const content of ['first', 'second', 'third']) made.push(await newNote(fresh, { content }));
    await newNote(fresh, { entityType: 'creator', entityId: fresh.creatorId, content: 'about the creator' });
    const res = await listNotes(fresh, `entityType=activity&entityId=${fresh.activityId}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((n: { content: string }) => n.content)).toEqual(['third', 'second', 'first']);
    expect(res.body.items[0]).toEqual(made[2]);
    expect(res.body).toMatchObject({ totalCount: 3, facets: {} });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    const creatorNotes = await listNotes(fresh, `entity_type=creator&entity_id=${fresh.creatorId}`);
    expect(creatorNotes.body).toMatchObject({ totalCount: 1, items: [{ content: 'about the creator' }] });
  });

  it('lists notes of one millisecond in key order, createdAt then id (concurrent creates)', async () => {
    const fresh = await newOrgWithRecords();
    const made = await Promise.all(['a', 'b', 'c', 'd'].map((content) => newNote(fresh, { content })));
    const expected = [...made].sort((x, y) => (x.createdAt + x.id < y.createdAt + y.id ? 1 : -1)).map((n) => n.id);
    const res = await listNotes(fresh, `entityType=activity&entityId=${fresh.activityId}`);
    expect(res.body.items.map((n: { id: string }) => n.id)).toEqual(expected);
  });

  it('requires entityType and entityId (400)', async () => {
    for (const [query, missing] of [
      ['', ['entityId', 'entityType']],
      [`entityId=${org.activityId}`, ['entityType']],
      ['entityType=activity', ['entityId']],
    ] as const) {
      const res = await listNotes(org, query);
      expect(res.status).toBe(400);
      expect(paths(res).sort()).toEqual(missing);
    }
  });

  it('is open to a viewer, refused to a non-member (403), and shows nothing of another tenant', async () => {
    const res = await listNotes(org, `entityType=activity&entityId=${org.activityId}`, viewer);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBeGreaterThan(0);
    const other = await newOrgWithRecords('Outsider');
    expect((await listNotes(org, `entityType=activity&entityId=${org.activityId}`, other.owner)).status).toBe(403);
    // The outsider names its own organization and our activity: nothing of ours is listed.
    const mine = await listNotes(other, `entityType=activity&entityId=${org.activityId}`);
    expect(mine.body).toMatchObject({ items: [], totalCount: 0 });
  });
});

describe('GET /v1/notes/:id', () => {
  it("returns the note to a viewer, with _meta; 404 for an unknown id and for another tenant's member", async () => {
    const note = await newNote(org, { content: 'read me' });
    const res = await call('GET', `/v1/notes/${note.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(note);
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    expect((await call('GET', `/v1/notes/${randomUUID()}`, { token: org.owner.token })).status).toBe(404);
    const other = await newOrgWithRecords('Other Reader');
    const hidden = await call('GET', `/v1/notes/${note.id}`, { token: other.owner.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('not_found');
  });
});

describe('PATCH /v1/notes/:id', () => {
  it('replaces the content and returns the whole record', async () => {
    const note = await newNote(org, { content: 'draft' });
    const res = await call('PATCH', `/v1/notes/${note.id}`, { token: org.owner.token, body: { content: 'final' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...note, content: 'final', updatedAt: expect.any(String) });
    expect(res.body.data.updatedAt >= note.updatedAt).toBe(true);
    expect((await call('GET', `/v1/notes/${note.id}`, { token: org.owner.token })).body.data.content).toBe('final');
  });

  it('validates the content, accepts a matching note_id, rejects other fields; 403 for a viewer, 404 elsewhere', async () => {
    const note = await newNote(org);
    const patch = (body: Record<string, unknown>, token = org.owner.token) =>
      call('PATCH', `/v1/notes/${note.id}`, { token, body });
    expect(paths(await patch({ content: ' ' }))).toEqual(['content']);
    expect(paths(await patch({ content: 'x'.repeat(20_001) }))).toEqual(['content']);
    expect(paths(await patch({ content: 'ok', entityId: org.creatorId }))).toEqual(['entityId']);
    expect((await patch({ content: 'same id', note_id: note.id })).status).toBe(200);
    expect((await patch({ content: 'other id', note_id: randomUUID() })).status).toBe(400);
    expect((await patch({ content: 'viewer edit' }, viewer.token)).status).toBe(403);
    const other = await newOrgWithRecords('Other Editor');
    expect((await patch({ content: 'foreign edit' }, other.owner.token)).status).toBe(404);
    expect((await call('GET', `/v1/notes/${note.id}`, { token: org.owner.token })).body.data.content).toBe('same id');
  });
});

describe('DELETE /v1/notes/:id', () => {
  it('removes the note and its pointer; a repeat is 404', async () => {
    const fresh = await newOrgWithRecords();
    const note = await newNote(fresh);
    const res = await call('DELETE', `/v1/notes/${note.id}`, { token: fresh.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: note.id, deleted: true });
    expect(res.body._meta).toEqual(expect.objectContaining({ requestId: expect.any(String) }));
    expect((await call('GET', `/v1/notes/${note.id}`, { token: fresh.owner.token })).status).toBe(404);
    expect((await call('DELETE', `/v1/notes/${note.id}`, { token: fresh.owner.token })).status).toBe(404);
    expect((await listNotes(fresh, `entityType=activity&entityId=${fresh.activityId}`)).body.totalCount).toBe(0);
  });

  it('is refused to a viewer (403) and hidden from another tenant (404)', async () => {
    const note = await newNote(org);
    expect((await call('DELETE', `/v1/notes/${note.id}`, { token: viewer.token })).status).toBe(403);
    const other = await newOrgWithRecords('Other Deleter');
    expect((await call('DELETE', `/v1/notes/${note.id}`, { token: other.owner.token })).status).toBe(404);
    expect((await call('GET', `/v1/notes/${note.id}`, { token: org.owner.token })).status).toBe(200);
  });
});

describe('note ids', () => {
  it('are version 7 UUIDs that increase within one millisecond, so same-instant notes sort in creation order', () => {
    const ms = Date.parse('2026-01-01T00:00:00.000Z');
    const ids = Array.from({ length: 5 }, () => timeOrderedId(ms));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) {
      expect(z.safeParse(Uuid, id).success).toBe(true);
      expect(id[14]).toBe('7');
    }
    expect(timeOrderedId(ms + 1) > ids[4]!).toBe(true);
  });
});
