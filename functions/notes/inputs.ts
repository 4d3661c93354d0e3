/** Input pieces shared by the Notes handlers. */
import * as z from 'zod/mini';
import { NOTE_CONTENT_MAX, NOTE_ENTITY_TYPES } from '../../shared/db/notes.ts';

export const EntityType = z.enum(NOTE_ENTITY_TYPES);

/** Plain text or markdown, kept as written (leading indentation matters in markdown); blank is refused. */
export const NoteContent = z.string().check(
  z.maxLength(NOTE_CONTENT_MAX),
  z.refine((s) => s.trim().length > 0, { error: 'Must not be empty.' }),
);
