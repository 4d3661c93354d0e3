/**
 * GET /openapi.json and GET /docs — the service's own public routes (docs/decisions.md "The service's
 * own routes"; no token): the committed OpenAPI document (`npm run openapi`) and its reference
 * page; and GET /favicon.ico, an empty 404. The page inlines Redoc's standalone bundle and the document, so it needs nothing from the
 * network (no CDN). The local server and the stack's function answer with this module.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ApiEvent, ApiResponse } from '../../shared/http/context.ts';
import { problemResponse } from '../../shared/http/middleware/problem-responses.ts';
import { notFound } from '../../shared/http/problem.ts';
import document from '../../openapi.json' with { type: 'json' };

/**
 * `/favicon.ico` is here so that a browser's icon request answers 404 without a token, not 401 from
 * the authenticated `$default` (console errors on /docs); the page itself asks for no icon.
 */
export const API_REFERENCE_PATHS = ['/openapi.json', '/docs', '/favicon.ico'] as const;

/** The one thing Redoc's bundle loads from the network: the Redocly logo of its sidebar footer. */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/**
 * Redoc's standalone bundle, with its logo made local (offline, nothing fetched). In the Lambda
 * asset the bundle sits next to this module (copied at bundling); locally in node_modules.
 */
function redocBundle(): string {
  const beside = new URL('./redoc.standalone.js', import.meta.url);
  const path = existsSync(beside) ? beside : new URL(import.meta.resolve('redoc/bundles/redoc.standalone.js'));
  return readFileSync(path, 'utf8').replaceAll(REDOC_LOGO, EMPTY_IMAGE);
}

/** JSON inside a <script> element: `<` escaped so that no string in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

let page: string | undefined;

function docsPage(): string {
  page ??= `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${document.info.title} — API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="redoc"></div>
<script>${redocBundle()}</script>
<script>
const spec = ${scriptJson(document)};
// The host this page was served from comes first: "Try it" and the examples name this service.
spec.servers = [{ url: location.origin, description: 'This service (the host this page came from)' }, ...spec.servers.filter((s) => s.url !== location.origin)];
Redoc.init(spec, { hideDownloadButton: false, expandResponses: '200,201' }, document.getElementById('redoc'));
</script>
</body>
</html>
`;
  return page;
}

/** The answer for `GET /openapi.json`, `GET /docs` or `GET /favicon.ico`, or undefined for any other request. */
export function apiReferenceResponse(method: string, path: string): (ApiResponse & { statusCode: number }) | undefined {
  if (method !== 'GET') return undefined;
  if (path === '/openapi.json')
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(document) };
  if (path === '/docs')
    return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: docsPage() };
  // No icon: an empty 404, which a browser takes quietly.
  if (path === '/favicon.ico') return { statusCode: 404, body: '' };
  return undefined;
}

/** The stack's function for these routes (API Gateway routes only these paths here). */
export async function handler(event: ApiEvent): Promise<ApiResponse> {
  return (
    apiReferenceResponse(event.requestContext.http.method, event.rawPath) ??
    problemResponse(notFound(`${event.rawPath}`), event.requestContext.requestId)
  );
}
