/**
 * The code of a document, as the tests that follow a document word for word read it (the README's
 * "Run it locally", docs/getting-started.md, the client's README): its fenced blocks of one
 * language (```sh, ```ts) in order, each with the `## ` section it stands in.
 */
import { readFileSync } from 'node:fs';

export interface CodeBlock {
  /** The title of the `## ` section the block is in ('' before the first). */
  section: string;
  /** 1 for the first block of its language in its section. */
  ordinal: number;
  script: string;
}

export function codeBlocks(path: string, language: string): CodeBlock[] {
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm');
  const blocks: CodeBlock[] = [];
  for (const part of readFileSync(path, 'utf8').split(/^## /m)) {
    const section = part.startsWith('#') ? '' : part.slice(0, part.indexOf('\n')).trim();
    let ordinal = 0;
    for (const match of part.matchAll(fence)) blocks.push({ section, ordinal: ++ordinal, script: match[1]! });
  }
  return blocks;
}

export const shBlocks = (path: string): CodeBlock[] => codeBlocks(path, 'sh');
