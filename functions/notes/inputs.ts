/** Input pieces shared by the Notes handlers. */
import * as z from 'zod/mini';
import { droppable } from '../../shared/records/lazy-schema.ts';
import { NOTE_CONTENT_MAX, NOTE_ENTITY_TYPES } from '../../shared/db/evidence/index.ts';
import { multilineText } from '../../shared/schemas/common.ts';

export const EntityType = /* @__PURE__ */ droppable(() => z.enum(NOTE_ENTITY_TYPES));

/** Plain text or markdown, kept as written (leading indentation matters in markdown); blank is refused. */
export const NoteContent = /* @__PURE__ */ droppable(() =>
  multilineText(0, NOTE_CONTENT_MAX, { asWritten: true }).check(
    z.refine((s) => s.trim().length > 0, { error: 'Must not be empty.' }),
  ),
);
