/**
 * An export's `filters`: the list route's own query parameters, checked by that route's own query
 * schema (its handler's `input`), with the organization and paging the export supplies itself.
 * A field it refuses is named under `filters.` (`filters.channel`), as RFC 9457 `errors` paths.
 */
import * as z from 'zod/mini';
import { invalidFields } from '../../shared/http/problem.ts';
import { camelCase } from '../../shared/http/middleware/assemble-input.ts';
import { fieldErrors, inputFields } from '../../shared/http/middleware/validate.ts';
import type { ExportInput } from './inputs.ts';

/** Rows per page read: the list routes' own largest page. */
export const EXPORT_PAGE_SIZE = 100;

const PAGING = ['pageIndex', 'pageSize'] as const;

/** The name the list calls its tenant by (`organizationId`, or `workspaceId` for creators). */
export function tenantField(list: ExportInput): 'organizationId' | 'workspaceId' {
  return inputFields(list.query)?.has('workspaceId') ? 'workspaceId' : 'organizationId';
}

/**
 * The list's input for this organization and filters (page 0 of a paged list): 400 naming
 * `filters.<field>` for a filter the list refuses, for paging (an export reads every page) and for
 * the organization (it is the export's own `organizationId`).
 */
export function listInput(
  list: ExportInput,
  organizationId: string,
  sent: Record<string, unknown>,
): Record<string, unknown> {
  // As the list route's own query: snake_case or camelCase names (docs/decisions.md "Inputs").
  const filters = Object.fromEntries(Object.entries(sent).map(([name, value]) => [camelCase(name), value]));
  const scope = tenantField(list);
  const supplied = [...(list.paged ? PAGING : []), 'organizationId', 'workspaceId'].filter((name) => name in filters);
  if (supplied.length) {
    throw invalidFields(
      supplied.map((name) => ({
        path: `filters.${name}`,
        message: name.endsWith('Id')
          ? "The export's own organizationId names the organization."
          : 'An export reads every page.',
      })),
    );
  }
  const raw = {
    ...filters,
    [scope]: organizationId,
    ...(list.paged ? { pageIndex: 0, pageSize: EXPORT_PAGE_SIZE } : {}),
  };
  // Parsed here rather than by parseInput, whose 400 keeps only the first 50 errors: renamed from
  // that, the detail would say 50 where there were more (docs/decisions.md "Errors": detail gives the total).
  const parsed = z.safeParse(list.query, raw);
  if (!parsed.success) {
    throw invalidFields(
      fieldErrors(parsed.error, undefined, inputFields(list.query)).map((e) => ({
        ...e,
        path: e.path ? `filters.${e.path}` : 'filters',
      })),
    );
  }
  return parsed.data as Record<string, unknown>;
}
