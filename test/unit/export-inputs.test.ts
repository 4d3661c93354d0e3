/**
 * The create route checks an export's filters against functions/exports/inputs.ts, which names each
 * list's query module rather than its handler (so the route does not bundle the lists' reads); the
 * worker reads through the handlers (sources.ts). They must be the same queries.
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_INPUTS } from '../../functions/exports/inputs.ts';
import { EXPORT_SOURCES } from '../../functions/exports/sources.ts';
import { EXPORT_KINDS } from '../../shared/records/export.ts';
import { inputFields } from '../../shared/http/middleware/validate.ts';

describe('an export kind', () => {
  it.each(EXPORT_KINDS)(
    '%s: is checked by the query its list handler declares, and paged when that query pages',
    (kind) => {
      const input = EXPORT_INPUTS[kind];
      expect(input.query).toBe(EXPORT_SOURCES[kind].handler.input);
      expect(input.paged).toBe(inputFields(input.query)?.has('pageIndex') ?? false);
    },
  );
});
