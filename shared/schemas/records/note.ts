/** The note record (Notes group). */
import { NoteSchema } from '../../db/notes.ts';
import { named } from './reply.ts';

export const NoteRecord = named('Note', NoteSchema);
