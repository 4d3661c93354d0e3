/**
 * The OpenAPI 3.1 document, generated from the route table (functions/routes.ts) and each
 * handler's zod schemas (`input`, and `output` where declared): nothing here describes a route by
 * hand. `npm run openapi` writes it to openapi.json; a test fails when that file is stale.
 */
import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { gatewayPath, hasMeta, routes as routeTable, takesIdempotencyKey, type Route } from '../../functions/routes.ts';
import type { DefinedHandler } from '../../shared/http/handler.ts';
import { camelCase } from '../../shared/http/middleware/assemble-input.ts';
import { MetaRecord } from '../../shared/schemas/records/meta.ts';
import { namedRecords, type Reply } from '../../shared/schemas/records/reply.ts';
import type { Schema } from '../../shared/schemas/zod.ts';
import { jsonSchema, type Json, type JsonSchema } from './json-schema.ts';
import {
  CORS_HEADERS,
  PROBLEM_SCHEMA,
  PROBLEM_STATUSES,
  problemResponseComponents,
  problemStatuses,
} from './problems.ts';
import { routeText } from './summaries.ts';
import { TAGS, tagOf } from './tags.ts';

/** What the document needs of a route's handler module. */
export interface HandlerSchemas {
  input?: Schema;
  output?: Reply;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The security of a route that takes no bearer token: its own proof, or nothing. */
const SECURITY: Record<Exclude<Route['auth'], 'bearer'>, Json[]> = {
  'stripe-signature': [{ stripeSignature: [] }],
  none: [],
};

/** The snake_case spelling the service also accepts for a camelCase name (docs/decisions.md "Inputs"). */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function aliasNote(name: string): string {
  const snake = snakeCase(name);
  return snake === name || camelCase(snake) !== name ? '' : `Also accepted as \`${snake}\`.`;
}

/** Path parameter names of a route, each with its canonical input name. */
function pathParams(route: Route): { name: string; canonical: string }[] {
  return [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name: name!,
    canonical: route.params[name!] ?? name!,
  }));
}

function requestParts(route: Route, input: Schema | undefined) {
  const schema: JsonSchema = input ? jsonSchema(input, 'input') : { type: 'object', properties: {} };
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const inPath = pathParams(route);
  const parameters: Json[] = inPath.map(({ name, canonical }) => ({
    name,
    in: 'path',
    required: true,
    description: `The ${canonical}.`,
    schema: properties[canonical] ?? { type: 'string' },
  }));
  const rest = Object.keys(properties).filter((name) => !inPath.some((p) => p.canonical === name));
  let requestBody: Json | undefined;
  if (BODY_METHODS.has(route.method)) {
    if (rest.length) {
      const bodyRequired = rest.filter((name) => required.has(name));
      const body: JsonSchema = {
        ...schema,
        properties: Object.fromEntries(rest.map((name) => [name, properties[name]])),
        ...(bodyRequired.length ? { required: bodyRequired } : {}),
      };
      if (!bodyRequired.length) delete body.required;
      requestBody = {
        required: bodyRequired.length > 0,
        description:
          'Fields may also be sent in snake_case (`organization_id` for `organizationId`); unknown fields are refused (400).',
        content: { 'application/json': { schema: body } },
      };
    }
  } else {
    for (const name of rest) {
      const note = aliasNote(name);
      const property = properties[name]!;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(property.description || note
          ? { description: [property.description, note].filter(Boolean).join(' ') }
          : {}),
        schema: property,
        ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
      });
    }
  }
  if (takesIdempotencyKey(route)) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  return { parameters, requestBody };
}

/** docs/decisions.md "Retries and browsers" (shared/http/middleware/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of your choice (a UUID, say) that makes a retry of this request safe: the first final answer (2xx, or a 4xx other than 409 and 429) is kept 24 hours per user and key, and a repeat of the same request (method, path and input, in either spelling) gets it again with `Idempotent-Replayed: true` instead of running again. The same key with another request is 422 `idempotency_key_reused`; a repeat while the first still runs is 409 `conflict`. A 409, 429 or 5xx is not kept: retry with the same key.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

/** On the success answers of the routes that take an Idempotency-Key. */
const REPLAYED_HEADER: Json = {
  'Idempotent-Replayed': {
    description:
      '`true` when this is the answer kept for an earlier request with the same `Idempotency-Key`, replayed.',
    schema: { type: 'string', enum: ['true'] },
  },
  // An answer that declares headers declares the CORS one a browser reads it by (as the others do).
  ...CORS_HEADERS,
};

/** A record schema: a reference when it is a named record, inline otherwise. */
function recordSchema(schema: Schema): JsonSchema {
  const name = namedRecords.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : jsonSchema(schema, 'output');
}

function withMeta(route: Route, properties: Json, required: string[]): JsonSchema {
  const meta = hasMeta(route);
  return {
    type: 'object',
    properties: meta ? { ...properties, _meta: recordSchema(MetaRecord) } : properties,
    required: meta ? [...required, '_meta'] : required,
    additionalProperties: false,
  };
}

function successResponses(route: Route, output: Reply | undefined): Json {
  // Every route says what it answers: a new handler without `output` cannot be left undocumented.
  if (!output)
    throw new Error(`${route.key}: its handler declares no output (defineHandler's 'output', shared/schemas/records)`);
  const json = (description: string, schema: JsonSchema) => ({
    description,
    content: { 'application/json': { schema } },
  });
  switch (output.kind) {
    case 'data': {
      const extra = Object.fromEntries(Object.entries(output.extra ?? {}).map(([name, s]) => [name, recordSchema(s)]));
      const schema = withMeta(route, { data: recordSchema(output.data), ...extra }, ['data', ...Object.keys(extra)]);
      if (output.status === 200) return { '200': json('Success.', schema) };
      if (output.status === 202)
        return { '202': json('Accepted: the work runs in the background; the record says how it goes.', schema) };
      return {
        ...(output.orExisting ? { '200': json('Already there: the existing record, unchanged.', schema) } : {}),
        '201': json('Created.', schema),
      };
    }
    case 'list':
      return {
        '200': json(
          'A page of records.',
          withMeta(
            route,
            {
              items: { type: 'array', items: recordSchema(output.item) },
              totalCount: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
              facets: { $ref: '#/components/schemas/Facets' },
            },
            ['items', 'totalCount', 'facets'],
          ),
        ),
      };
    case 'count':
      return {
        '200': json(
          'How many records match.',
          withMeta(
            route,
            { count: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
            ['count'],
          ),
        ),
      };
    case 'redirect':
      return {
        '302': {
          description: output.description,
          headers: {
            Location: { description: 'Where the browser goes next.', schema: { type: 'string', maxLength: 8192 } },
            ...CORS_HEADERS,
          },
        },
      };
    case 'page':
      // A page a browser opens: HTML, or its figures as JSON with `format=json`; one 404 for every token that opens nothing.
      return {
        '200': {
          description: output.description,
          content: {
            'text/html': { schema: { type: 'string' } },
            'application/json': { schema: withMeta(route, { data: recordSchema(output.data) }, ['data']) },
          },
        },
        '404': {
          description: output.notFound,
          content: {
            'text/html': { schema: { type: 'string' } },
            'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
          },
        },
      };
  }
}

/** The success answers of a route that takes an Idempotency-Key say that they may be replays. */
function withReplayHeader(route: Route, responses: Json): Json {
  if (!takesIdempotencyKey(route)) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      { ...response, headers: { ...response.headers, ...REPLAYED_HEADER } },
    ]),
  );
}

export function operationId(route: Route): string {
  const words = route.handler.split(/[/-]/);
  return words
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
}

/** The inputs an agent token may not send (`agentRefuses`), in the words of the access line. */
function agentRefusals(route: Route): string {
  const refused = Object.entries(route.agentRefuses).map(([field, value]) =>
    value === true ? `\`${field}\`` : `\`${field}\` = \`${value}\``,
  );
  return refused.length ? `; agent tokens may not send ${refused.join(' or ')}` : '';
}

function operation(route: Route, handler: HandlerSchemas | undefined): Json {
  const { summary, description } = routeText(route);
  const { parameters, requestBody } = requestParts(route, handler?.input);
  // A page answers its own 404 (successResponses) and no other problem of a request's making.
  const statuses = handler?.output?.kind === 'page' ? [] : problemStatuses(route);
  const problems = Object.fromEntries(
    statuses.map((s) => [String(s), { $ref: `#/components/responses/${PROBLEM_STATUSES[s]!.name}` }]),
  );
  const access =
    route.auth !== 'bearer'
      ? 'no bearer token; the request authenticates itself'
      : route.access === 'self'
        ? "the caller's own account"
        : `an active ${route.access} (or higher) of the tenant in scope`;
  return {
    operationId: operationId(route),
    summary,
    description: `${description}\n\nAccess: ${access}${route.agent ? agentRefusals(route) : '; agent tokens are refused'}. Form ${route.form}${hasMeta(route) ? ' (responses carry `_meta`)' : ''}.`,
    tags: [tagOf(route)],
    ...(route.auth === 'bearer' ? {} : { security: SECURITY[route.auth] }),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...withReplayHeader(route, successResponses(route, handler?.output)), ...problems },
  };
}

/** The service's own public routes (docs/decisions.md "The service's own routes"): no token. */
function servicePaths(): Json {
  const own = (operationId: string, summary: string, type: string, schema: JsonSchema) => ({
    get: {
      operationId,
      summary,
      description: `${summary}, without a token.`,
      tags: [TAGS.service!.name],
      security: [],
      responses: {
        '200': { description: summary, content: { [type]: { schema } } },
        '500': { $ref: '#/components/responses/InternalError' },
      },
    },
  });
  return {
    '/openapi.json': own('getOpenApiDocument', 'This OpenAPI document', 'application/json', { type: 'object' }),
    '/docs': own('getApiReference', 'The API reference page (this document, rendered)', 'text/html', {
      type: 'string',
      maxLength: 16 * 1024 * 1024,
    }),
  };
}

/** The list envelope's facets; `_meta` is a named record (records/meta.ts), shown with the others. */
const ENVELOPES = {
  Facets: {
    type: 'object',
    description: 'Counts by filter value, e.g. `{"status": {"active": 3}}`; possibly empty.',
    additionalProperties: {
      type: 'object',
      additionalProperties: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    },
  },
} satisfies Json;

export function buildDocument(routes: readonly Route[], handlers: ReadonlyMap<string, HandlerSchemas>): Json {
  const paths: Json = {};
  for (const route of routes) {
    const path = gatewayPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, handlers.get(route.key));
  }
  const records = Object.fromEntries(
    [...namedRecords]
      .map(([schema, name]) => [name, jsonSchema(schema, 'output')])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  const usedTags = new Set([...routes.map(tagOf), TAGS.service!.name]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Creator measurement API',
      version: '1.0.0',
      // What a reader needs before the routes (Redoc shows it first): introduction.md.
      description: readFileSync(new URL('./introduction.md', import.meta.url), 'utf8'),
      license: { name: 'Apache License 2.0', identifier: 'Apache-2.0' },
    },
    // A deployed stage (https, its `ApiUrl` output) beside the local service; /docs puts the host it
    // was served from first. `x-internal` says who each is for (OWASP API9: an inventory of servers).
    servers: [
      {
        url: 'https://{apiHost}',
        description: 'A deployed stage: the host of its `ApiUrl` output',
        variables: {
          apiHost: {
            default: 'abc123defg.execute-api.us-east-1.amazonaws.com',
            description: "The stage's API host, from the stack's `ApiUrl` output.",
          },
        },
        'x-internal': false,
      },
      {
        url: 'http://127.0.0.1:3000',
        description: 'The local service (`npm start`), on this machine only',
        'x-internal': true,
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: Object.values(TAGS).filter((t) => usedTags.has(t.name)),
    paths: { ...paths, ...servicePaths() },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "An access token of the identity provider: the stage's Cognito user pool, or the issuer it was deployed with (locally: `POST /local/token`). " +
            "Verified as RFC8725 (JSON Web Token Best Current Practices) asks: signed tokens only (`alg: none` refused), the key taken from the issuer's JWKS by `kid` and the algorithm checked against it, " +
            "`iss`, `aud` (or a Cognito access token's `client_id` and `token_use`), `exp` required and at most 24 hours ahead, `iat` not in the future.",
        },
        // docs/decisions.md "The service's own routes": the webhook's signature header, as the scheme that authenticates it.
        stripeSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Stripe-Signature',
          description:
            "Stripe's signature of the raw request body (`t=<seconds>,v1=<HMAC-SHA256>`) with the webhook signing secret; older than 300 s is refused.",
        },
      },
      schemas: { Problem: PROBLEM_SCHEMA, ...ENVELOPES, ...records },
      responses: problemResponseComponents(new Set(routes.flatMap((route) => problemStatuses(route)))),
    },
  };
}

/** The handler module of every route, as the document needs it. */
export async function loadHandlers(routes: readonly Route[] = routeTable): Promise<Map<string, HandlerSchemas>> {
  const modules = await Promise.all(
    routes.map(
      async (route) =>
        (await import(new URL(`../../functions/${route.handler}.ts`, import.meta.url).href)) as {
          handler: DefinedHandler & HandlerSchemas;
        },
    ),
  );
  return new Map(
    routes.map((route, i) => [route.key, { input: modules[i]!.handler.input, output: modules[i]!.handler.output }]),
  );
}

/** The document of the current route table and handlers, as `npm run openapi` writes it. */
export async function currentDocument(): Promise<Json> {
  return buildDocument(routeTable, await loadHandlers());
}

/** Where `npm run openapi` writes, from the repository root: the document, and its types as the client package's source. */
export const OPENAPI_DOCUMENT = 'openapi.json';
export const CLIENT_TYPES = 'client/src/openapi-types.ts';

/** TypeScript types of the document (openapi-typescript), which the client package's openapi-fetch client is typed with. */
export async function clientTypesText(document: Json): Promise<string> {
  const header =
    "/**\n * Generated by `npm run openapi` from openapi.json (openapi-typescript): do not edit.\n * The types of the client package's `createClient` (client.ts).\n */\n";
  return header + astToString(await openapiTS(document as never));
}

/** The file's text: stable key order as built, two-space indentation, final newline. */
export function documentText(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
