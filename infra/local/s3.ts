/**
 * The local S3 emulator (s3rver) with the service's two buckets. It serves presigned PUT and GET
 * but does not verify signatures, so tests of what a URL allows inspect the URL itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './ports.ts';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** Lets a browser on any origin PUT and GET with presigned URLs, as the deployed buckets' CORS does. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

/** Starts s3rver with the given buckets; `dataDir` persists objects, otherwise a temporary directory. */
export async function startS3Local(options: { buckets: string[]; port?: number; dataDir?: string }): Promise<S3Local> {
  const port = options.port ?? (await freePort());
  const directory = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [CORS] })),
  });
  tolerateConcurrentDeletes(server);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface ObjectStore {
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * s3rver removes the directories a delete leaves empty; two deletes emptying one directory at once
 * race (ENOENT on its readdir or rmdir), and the second answers HTTP 500 although its object is
 * gone. S3 has no directories, so that race is the emulator's alone: treat it as done.
 */
function tolerateConcurrentDeletes(server: S3rver): void {
  const store = (server as unknown as { store: ObjectStore }).store;
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = async (bucket, key) => {
    try {
      await deleteObject(bucket, key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
}
