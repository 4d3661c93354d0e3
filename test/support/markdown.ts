/**
 * The shell commands of a document, as the tests that follow a document word for word read them
 * (the README's "Run it locally", docs/getting-started.md): its ```sh blocks in order, each with the
 * `## ` section it stands in.
 */
import { readFileSync } from 'node:fs';

export interface ShBlock {
  /** The title of the `## ` section the block is in ('' before the first). */
  section: string;
  /** 1 for the first block of its section. */
  ordinal: number;
  script: string;
}

export function shBlocks(path: string): ShBlock[] {
  const blocks: ShBlock[] = [];
  for (const part of readFileSync(path, 'utf8').split(/^## /m)) {
    const section = part.startsWith('#') ? '' : part.slice(0, part.indexOf('\n')).trim();
    let ordinal = 0;
    for (const match of part.matchAll(/^```sh\n([\s\S]*?)^```/gm)) blocks.push({ section, ordinal: ++ordinal, script: match[1]! });
  }
  return blocks;
}
