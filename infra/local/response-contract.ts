/**
 * The response contract: an answer of the service is checked against openapi.json — the operation
 * of its method and path, a response declared for its status (or its status range), that
 * response's content type, and its body against the schema. Under test the local gateway checks
 * every answer with it (dispatch.ts), and the e2e HTTP helpers every answer they receive over HTTP
 * (test/e2e/support/contract.ts), so a response the document does not describe fails the test that
 * received it. The document is read and each schema compiled once per process, at its first use.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// biome-ignore lint/suspicious/noExplicitAny: openapi.json and the answers checked against it, walked by key at any depth
type Json = Record<string, any>;

const document: Json = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
const DOCUMENT_ID = 'openapi.json';

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

interface PathTemplate {
  template: string;
  pattern: RegExp;
  /** Static segments outrank parameters (`/v1/activities/count` before `/v1/activities/{id}`), as in API Gateway. */
  specificity: number;
}

const templates: PathTemplate[] = Object.keys(document.paths)
  .map((template) => {
    const segments = template.split('/').filter(Boolean);
    const pattern = new RegExp(
      `^/${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
    );
    const specificity = segments.reduce((score, s, i) => score + (s.startsWith('{') ? 0 : 2 ** (16 - i)), 0);
    return { template, pattern, specificity };
  })
  .sort((a, b) => b.specificity - a.specificity);

const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

const validators = new Map<string, ValidateFunction>();
function validatorAt(at: string): ValidateFunction {
  let validate = validators.get(at);
  if (!validate) {
    validate = ajv.getSchema(`${DOCUMENT_ID}${at}`);
    if (!validate) throw new Error(`openapi.json has no schema at ${at}`);
    validators.set(at, validate);
  }
  return validate;
}

/** Follows a `$ref` to `#/components/responses/...`, keeping where the response is. */
function resolved(response: Json, at: string): { response: Json; at: string } {
  if (typeof response.$ref !== 'string') return { response, at };
  const path = response.$ref.replace(/^#\//, '').split('/');
  return { response: path.reduce((node: Json, key: string) => node[key], document), at: response.$ref };
}

/** Why the document does not describe this response, or undefined when it does. */
export function contractViolation(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  text: string,
): string | undefined {
  const template = templates.find((t) => t.pattern.test(path));
  const operation = template && document.paths[template.template][method.toLowerCase()];
  if (!template || !operation) {
    // Outside the document, the service answers 401 before anything (docs/decisions.md "Errors"),
    // then 404, or 405 for a path the document has asked with a method it has not.
    const outside = template ? [401, 404, 405] : [401, 404];
    return outside.includes(status)
      ? undefined
      : `${method} ${path}: no operation in openapi.json, yet answered ${status}`;
  }
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => operation.responses[k]);
  if (!key)
    return `${method} ${template.template}: openapi.json declares no ${status} response (declared: ${Object.keys(operation.responses).join(', ')})`;
  const { response, at } = resolved(
    operation.responses[key],
    pointer('paths', template.template, method.toLowerCase(), 'responses', key),
  );
  const declared = Object.keys(response.content ?? {});
  if (!declared.length)
    return text ? `${method} ${template.template} ${status}: a body, where openapi.json declares none` : undefined;
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (!declared.includes(mediaType))
    return `${method} ${template.template} ${status}: content type ${contentType}, openapi.json declares ${declared.join(', ')}`;
  if (!mediaType.includes('json')) return undefined;
  const validate = validatorAt(`${at}/content/${mediaType.replace(/\//g, '~1')}/schema`);
  if (validate(JSON.parse(text))) return undefined;
  return `${method} ${template.template} ${status}: the body does not match openapi.json: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${text.slice(0, 500)}`;
}

/**
 * Why a server error is not a problem document of the document's `Problem` schema, or undefined.
 * Every operation declares its 500 (an `internal` problem), and any 5xx must be one; a
 * test that injects a failure still gets one, and it must be an `internal` problem like any other.
 */
export function serverErrorViolation(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  text: string,
): string | undefined {
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (mediaType !== 'application/problem+json')
    return `${method} ${path} ${status}: content type ${contentType}, not application/problem+json`;
  const validate = validatorAt(pointer('components', 'schemas', 'Problem'));
  if (validate(JSON.parse(text))) return undefined;
  return `${method} ${path} ${status}: not a problem document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${text.slice(0, 500)}`;
}
