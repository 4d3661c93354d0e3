/**
 * Runs one built function bundle in a worker thread, as one Lambda execution environment runs it:
 * imports the bundle with the environment the worker was given (module-scope configuration is
 * read then), says whether the handler the template names is exported, then runs invocations.
 * It imports nothing of the project's source: only the bundle.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { file, exportName, functionName } = workerData as { file: string; exportName: string; functionName: string };
const port = parentPort!;

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

/** What Lambda passes as the context (shared/http only reads the request id and the remaining time). */
function context(timeoutMs = 29_000) {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

let handler: Handler | undefined;
try {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const exported = module[exportName];
  if (typeof exported === 'function') {
    handler = exported as Handler;
    port.postMessage({ type: 'loaded' });
  } else {
    port.postMessage({ type: 'loaded', error: `exports no function "${exportName}" (it exports: ${Object.keys(module).join(', ') || 'nothing'})` });
  }
} catch (error) {
  port.postMessage({ type: 'loaded', error: `cannot be imported: ${describe(error)}` });
}

port.on('message', async ({ id, event }: { id: number; event: unknown }) => {
  try {
    port.postMessage({ type: 'result', id, response: await handler!(event, context()) });
  } catch (error) {
    // Lambda answers 502 for a function error; the host reports it with the function's logs.
    port.postMessage({ type: 'result', id, error: describe(error) });
  }
});
