/**
 * The export files of this environment (cloud.ts; locally the same, pointed at the S3 emulator).
 * `useExportFiles` puts another implementation in place (a test); undefined goes back to the
 * configured one, read afresh.
 */
import * as s3 from './cloud.ts';
import type { ExportFiles } from './port.ts';

export type { ObjectStream } from './port.ts';

let chosen: ExportFiles | undefined;

export function useExportFiles(impl: ExportFiles | undefined): void {
  chosen = impl;
  if (!impl) s3.forgetExportFilesClient();
}

export const streamObject: ExportFiles['streamObject'] = (...args) =>
  chosen ? chosen.streamObject(...args) : s3.streamObject(...args);
