/**
 * Request body: at most 1 MiB unless the handler allows more (413), JSON only (415), must parse
 * (400). Delegates parsing to @middy/http-json-body-parser, and only when a body is present: a GET
 * or a bodiless POST is fine.
 *
 * Given the input's field names, a body naming more than MAX_FIELD_ERRORS unknown ones is refused
 * before it is parsed, from one pass over its text: parsing 4 MiB of unknown keys alone takes
 * hundreds of milliseconds. Fewer are left to `validate`, which lists them beside the other errors.
 */
import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { ApiContext, ApiEvent, ApiResponse } from '../context.ts';
import { invalidFields, MAX_FIELD_ERRORS, Problem, type FieldError } from '../problem.ts';
import { forEachTopLevelKey, keyAt } from '../top-level-keys.ts';
import { unknownFieldMessage } from '../unknown-field.ts';
import { camelCase } from './assemble-input.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The parser's own test (@middy/util's jsonContentTypePattern): a body it would refuse with 415 is not read first. */
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]+\+)?json(;|$)/i;

/**
 * Whether the name text[start, end) (inside its quotes) is one of `fields`, as sent or in camelCase.
 * A name without escapes or separators is compared where it lies, by length first: building and
 * hashing a string for each of 400,000 names is most of what refusing them costs.
 */
function knownNames(fields: ReadonlySet<string>) {
  const byLength = new Map<number, string[]>();
  for (const field of fields) byLength.set(field.length, [...(byLength.get(field.length) ?? []), field]);
  return (text: string, start: number, end: number): boolean => {
    for (let j = start; j < end; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x5c || c === 0x5f || c === 0x2d) {
        const key = keyAt(text, start, end);
        return key !== undefined && (fields.has(key) || fields.has(camelCase(key)));
      }
    }
    return byLength.get(end - start)?.some((field) => text.startsWith(field, start)) ?? false;
  };
}

/** Throws 400 when `text`'s top-level names include more than MAX_FIELD_ERRORS not `known`. */
function refuseManyUnknown(text: string, known: ReturnType<typeof knownNames>, fields: ReadonlySet<string>): void {
  const first: FieldError[] = [];
  let total = 0;
  forEachTopLevelKey(text, (start, end) => {
    if (known(text, start, end)) return;
    if (total++ >= MAX_FIELD_ERRORS) return;
    const key = keyAt(text, start, end);
    first.push({ path: key ?? text.slice(start, end), message: unknownFieldMessage(camelCase(key ?? ''), fields) });
  });
  if (total > MAX_FIELD_ERRORS) throw invalidFields(first, total);
}

export function jsonBody(
  maxBytes = MAX_BODY_BYTES,
  fields?: ReadonlySet<string>,
): MiddlewareObj<ApiEvent, ApiResponse, Error, ApiContext> {
  const parser = httpJsonBodyParser();
  const known = fields && knownNames(fields);
  return {
    before: async (request) => {
      const { body, isBase64Encoded, headers } = request.event;
      if (body === undefined || body === null || body === '') return;
      const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body);
      if (bytes > maxBytes) {
        throw new Problem('payload_too_large', `The request body is ${bytes} bytes; the limit is ${maxBytes}.`);
      }
      if (known && JSON_CONTENT_TYPE.test(headers?.['content-type'] ?? headers?.['Content-Type'] ?? '')) {
        refuseManyUnknown(isBase64Encoded ? Buffer.from(body, 'base64').toString() : body, known, fields);
      }
      await parser.before!(request as never);
      request.context.state.body = request.event.body;
    },
  };
}
