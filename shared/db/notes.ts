/**
 * Notes (both forms): plain text or markdown attached to an activity, campaign or creator. All notes
 * of one entity share a sort-key prefix ordered by creation time, so one query lists them newest
 * first. Ids are time-ordered (ids.ts) so that notes created in the same millisecond still sort in
 * creation order.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { notFound } from '../domain/errors.ts';
import { documentClient, tableName } from './client.ts';
import { ENTITY_TYPES, entityExists, entityMissing, type EntityType } from './entities.ts';
import { keys } from './keys.ts';
import { batchDelete, isConditionFailure, queryPrefix, recordOf, transactWrite } from './operations.ts';
import { timeOrderedId } from './ids.ts';
import { pointerDelete, pointerPut } from './records.ts';

export const NOTE_ENTITY_TYPES = ENTITY_TYPES;
export type NoteEntityType = EntityType;

/** Longest note content accepted, in characters (the spec sets none; this keeps an item far below 400 KB). */
export const NOTE_CONTENT_MAX = 20_000;

export interface Note {
  id: string;
  /** The tenant, under both of its names (DECISIONS.md: one id space). */
  organizationId: string;
  workspaceId: string;
  entityType: NoteEntityType;
  entityId: string;
  content: string;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewNote {
  entityType: NoteEntityType;
  entityId: string;
  content: string;
  createdBy: string | null;
  createdByName: string | null;
}

const noteKey = (tenantId: string, note: Pick<Note, 'entityType' | 'entityId' | 'createdAt' | 'id'>) =>
  keys.note(tenantId, note.entityType, note.entityId, note.createdAt, note.id);

export function noteFromItem(item: Record<string, unknown>): Note {
  return recordOf<Note>(item);
}

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
  const key = noteKey(tenantId, note);
  await transactWrite([
    entityExists(tenantId, input.entityType, input.entityId),
    { Put: { TableName: tableName(), Item: { ...key, ...note }, ConditionExpression: 'attribute_not_exists(pk)' } },
    pointerPut('note', note.id, tenantId, key),
  ], [
    [0, () => entityMissing(input.entityType)],
  ]);
  return note;
}

/** Every note of one entity, newest first. */
export async function notesOf(tenantId: string, entityType: NoteEntityType, entityId: string): Promise<Note[]> {
  const items = await queryPrefix(keys.notesOfEntity(tenantId, entityType, entityId), {
    ScanIndexForward: false,
  });
  return items.map(noteFromItem);
}

/** Replaces the content; 404 when the note is gone. Returns the whole record. */
export async function updateNoteContent(tenantId: string, current: Note, content: string): Promise<Note> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noteKey(tenantId, current),
        UpdateExpression: 'SET content = :content, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':content': content, ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return noteFromItem(out.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('The note');
    throw error;
  }
}

/** Deletes a note and its pointer; 404 when it is gone already. */
export async function deleteNote(tenantId: string, current: Note): Promise<void> {
  await transactWrite([
    { Delete: { TableName: tableName(), Key: noteKey(tenantId, current), ConditionExpression: 'attribute_exists(pk)' } },
    pointerDelete(current.id),
  ], [
    [0, () => notFound('The note')],
  ]);
}

/**
 * Deletes every note of an entity with its pointer (the entity's permanent delete). Idempotent: a
 * repeat after an interruption finds what is left and deletes it.
 */
export async function deleteNotesOf(tenantId: string, entityType: EntityType, entityId: string): Promise<void> {
  const notes = await notesOf(tenantId, entityType, entityId);
  await batchDelete(notes.flatMap((note) => [noteKey(tenantId, note), keys.recordPointer(note.id)]));
}
