/**
 * `npm run openapi`: writes openapi.json at the repository root from the route table and the
 * handlers' schemas, and its TypeScript types into the client package's sources
 * (client/src/openapi-types.ts), which the package's createClient is typed with.
 */
import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES, OPENAPI_DOCUMENT, clientTypesText, currentDocument, documentText } from './document.ts';

const document = await currentDocument();
for (const [name, text] of [
  [OPENAPI_DOCUMENT, documentText(document)],
  [CLIENT_TYPES, await clientTypesText(document)],
] as const) {
  const target = new URL(`../../${name}`, import.meta.url);
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
