/**
 * Runs one built function bundle in a worker thread, as one Lambda execution environment runs it:
 * imports the bundle with the environment the worker was given (module-scope configuration is
 * read then), says whether the handler the template names is exported, then runs invocations.
 * Of the project's source it imports only the Lambda context stand-in (lambda-context.ts, which
 * imports nothing): the function's code comes from the bundle alone.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { lambdaContext } from './lambda-context.ts';

const { file, exportName, functionName } = workerData as { file: string; exportName: string; functionName: string };
const port = parentPort!;

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

let handler: Handler | undefined;
try {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const exported = module[exportName];
  if (typeof exported === 'function') {
    handler = exported as Handler;
    port.postMessage({ type: 'loaded' });
  } else {
    port.postMessage({
      type: 'loaded',
      error: `exports no function "${exportName}" (it exports: ${Object.keys(module).join(', ') || 'nothing'})`,
    });
  }
} catch (error) {
  port.postMessage({ type: 'loaded', error: `cannot be imported: ${describe(error)}` });
}

port.on('message', async ({ id, event }: { id: number; event: unknown }) => {
  try {
    port.postMessage({ type: 'result', id, response: await handler!(event, lambdaContext(functionName)) });
  } catch (error) {
    // Lambda answers 502 for a function error; the host reports it with the function's logs.
    port.postMessage({ type: 'result', id, error: describe(error) });
  }
});
