/**
 * Notes (both forms): plain text or markdown attached to an activity, campaign or creator. All notes
 * of one entity share a sort-key prefix ordered by creation time, so one query lists them newest
 * first. Ids are time-ordered (ids.ts) so that notes created in the same millisecond still sort in
 * creation order.
 */
import { defineEntity, updateRecord } from '../table/entity.ts';
import { queryRecords } from '../table/query.ts';
import { ENTITY_TYPES, entityExists, type EntityType } from './entities.ts';
import { absent } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import * as collections from '../table/collections.ts';
import { batchDelete } from '../table/operations.ts';
import { timeOrderedId } from '../table/ids.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { transact } from '../table/transact.ts';
import { NoteSchema, type Note } from '../../records/note.ts';
export type { Note } from '../../records/note.ts';

export const NOTE_ENTITY_TYPES = ENTITY_TYPES;
export type NoteEntityType = EntityType;

/** Longest note content accepted, in characters (the spec sets none; this keeps an item far below 400 KB). */
export const NOTE_CONTENT_MAX = 20_000;

const Notes = defineEntity({
  name: 'The note',
  schema: () => NoteSchema,
  key: (tenantId: string, note: { entityType: string; entityId: string; createdAt: string; id: string }) =>
    keys.note(tenantId, note.entityType, note.entityId, note.createdAt, note.id),
  queries: {
    /** An entity's notes, by creation. */
    ofEntity: collections.notesOfEntity,
  },
});

export interface NewNote {
  entityType: NoteEntityType;
  entityId: string;
  content: string;
  createdBy: string | null;
  createdByName: string | null;
}

export const noteFromItem = Notes.fromItem;

/**
 * Creates a note on an entity of the tenant (404 when there is none). The entity's existence is a
 * condition of the same transaction, so a note is never written for an entity deleted meanwhile.
 */
export async function createNote(tenantId: string, input: NewNote): Promise<Note> {
  const now = new Date();
  const note: Note = {
    id: timeOrderedId(now.getTime()),
    organizationId: tenantId,
    workspaceId: tenantId,
    ...input,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const key = Notes.key(tenantId, note);
  await transact([
    entityExists(tenantId, input.entityType, input.entityId),
    Notes.tx.put(key, note, { condition: absent }),
    pointerPut('note', note.id, tenantId, key),
  ]);
  return note;
}

/** Every note of one entity, newest first. */
export async function notesOf(tenantId: string, entityType: NoteEntityType, entityId: string): Promise<Note[]> {
  return queryRecords(Notes.query.ofEntity(tenantId, entityType, entityId), { newestFirst: true });
}

/** Replaces the content; 404 when the note is gone. Returns the whole record. */
export async function updateNoteContent(tenantId: string, current: Note, content: string): Promise<Note> {
  return updateRecord(Notes, Notes.key(tenantId, current), { set: { content, updatedAt: new Date().toISOString() } });
}

/** Deletes a note and its pointer; 404 when it is gone already. */
export async function deleteNote(tenantId: string, current: Note): Promise<void> {
  await transact([Notes.tx.delete(Notes.key(tenantId, current)), pointerDelete(current.id)]);
}

/**
 * Deletes every note of an entity with its pointer (the entity's permanent delete). Idempotent: a
 * repeat after an interruption finds what is left and deletes it.
 */
export async function deleteNotesOf(tenantId: string, entityType: EntityType, entityId: string): Promise<void> {
  const notes = await notesOf(tenantId, entityType, entityId);
  await batchDelete(notes.flatMap((note) => [Notes.key(tenantId, note), keys.recordPointer(note.id)]));
}
