/**
 * An error's stack with the bundle's positions put back to source files and lines, from the
 * bundle's source map, read when an unexpected error is logged. Lambda runs without
 * `--enable-source-maps`: with it Node parses every function's source map (about 1.7x the bundle)
 * at import, 6-11 ms (15-23%) more per import on the bench machine, paid on every cold start for
 * stacks logged only for unexpected errors. Node's own `SourceMap` reads the map here instead.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const maps = new Map<string, SourceMap | undefined>();

/** The source map beside a bundle (`index.mjs.map`), read once; undefined when there is none. */
function mapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

/** `    at name (file:///var/task/index.mjs:1:2345)` or `    at file:///…:1:2`: head, location, line, column, tail. */
const FRAME = /^(\s+at (?:.*? \()?)((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)(\)?)$/;

/** The stack with each frame of a bundle that has a source map given as its source file, line and column; other frames as they were. */
export function mappedStack(stack: string | undefined): string | undefined {
  if (!stack) return stack;
  return stack
    .split('\n')
    .map((frame) => {
      const match = FRAME.exec(frame);
      if (!match) return frame;
      const [, head, location, line, column, tail] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const file = location.startsWith('file://') ? fileURLToPath(location) : location;
      const origin = mapOf(file)?.findOrigin(Number(line), Number(column));
      if (!origin || !('fileName' in origin) || !origin.fileName) return frame;
      // Sources are relative to the bundle's folder at build time (`../../shared/http/handler.ts`).
      return `${head}${origin.fileName.replace(/^(\.\.\/)+/, '')}:${origin.lineNumber}:${origin.columnNumber}${tail}`;
    })
    .join('\n');
}
