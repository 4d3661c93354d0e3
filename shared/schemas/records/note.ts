/** The note record (Notes group). */
import { NoteSchema } from '../../records/note.ts';
import { named } from './reply.ts';

export const NoteRecord = named('Note', NoteSchema);
