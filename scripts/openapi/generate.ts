/**
 * `npm run openapi`: writes openapi.json at the repository root from the route table and the
 * handlers' schemas, and openapi-types.ts, its TypeScript types for an openapi-fetch client.
 */
import { writeFileSync } from 'node:fs';
import { clientTypesText, currentDocument, documentText } from './document.ts';

const document = await currentDocument();
for (const [name, text] of [
  ['openapi.json', documentText(document)],
  ['openapi-types.ts', await clientTypesText(document)],
] as const) {
  const target = new URL(`../../${name}`, import.meta.url);
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
