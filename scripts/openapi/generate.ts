/** `npm run openapi`: writes openapi.json at the repository root from the route table and the handlers' schemas. */
import { writeFileSync } from 'node:fs';
import { currentDocument, documentText } from './document.ts';

const target = new URL('../../openapi.json', import.meta.url);
writeFileSync(target, documentText(await currentDocument()));
console.log(`wrote ${target.pathname}`);
