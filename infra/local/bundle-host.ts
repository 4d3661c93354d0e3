/**
 * Serves the API through built function bundles (infra/build-bundles.ts), each function in a worker
 * thread of its own, started on its first request and kept (a warm Lambda).
 *
 * Why worker threads: each function must run with its own environment, as in Lambda (module-scope
 * configuration is read at import, and functions differ: only billing gets Stripe's settings), and
 * a worker's `env` option gives it a process.env of its own, while an in-process import would share
 * this process's. A child process per function would isolate as well, but costs a Node start (and
 * its memory) per function; a worker starts in tens of milliseconds and shares the process's heap
 * limits. What a worker cannot tell apart from Lambda: it shares the process's working directory
 * and resource limits, which no handler reads.
 */
import { Worker } from 'node:worker_threads';
import type { ApiResponse } from '../../shared/http/context.ts';
import type { HandlerLoader, RouteHandler } from './dispatch.ts';

/** One function of the synthesized template, with its bundle built and its environment resolved. */
export interface BuiltFunction {
  /** The template's name for it (nested stack / logical id). */
  name: string;
  /** The route it serves (`GET /v1/users/:id`), `$default`, or undefined (a job). */
  routeKey: string | undefined;
  /** The template's `Handler`: `<file without extension>.<export>` (`index.handler`). */
  handler: string;
  /** The function's asset directory (what would be uploaded). */
  assetDir: string;
  environment: Record<string, string>;
}

/** A function that failed a request: it answered 5xx or threw (Lambda would answer 502). */
export interface FunctionFailure {
  function: string;
  request: string;
  status: number;
  /** The function's log lines so far (its errors say why, e.g. a missing environment variable). */
  logs: string[];
}

const MAX_LOG_LINES = 200;

class FunctionWorker {
  readonly logs: string[] = [];
  private readonly worker: Worker;
  private readonly pending = new Map<number, (result: { response?: ApiResponse; error?: string }) => void>();
  private next = 0;
  /** Resolves with an error message when the bundle cannot be loaded or lacks the handler's export. */
  readonly loaded: Promise<string | undefined>;

  constructor(readonly fn: BuiltFunction) {
    const dot = fn.handler.lastIndexOf('.');
    const file = `${fn.assetDir}/${fn.handler.slice(0, dot)}.mjs`;
    this.worker = new Worker(new URL('./bundle-worker.ts', import.meta.url), {
      env: fn.environment,
      workerData: { file, exportName: fn.handler.slice(dot + 1), functionName: fn.name },
      // Captured rather than printed: the function's logs explain its failures.
      stdout: true,
      stderr: true,
    });
    for (const stream of [this.worker.stdout, this.worker.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        this.logs.push(...chunk.split('\n').filter(Boolean));
        this.logs.splice(0, Math.max(0, this.logs.length - MAX_LOG_LINES));
      });
    }
    this.loaded = new Promise((resolve) => {
      this.worker.on('message', (message: { type: string; id?: number; error?: string; response?: ApiResponse }) => {
        if (message.type === 'loaded') resolve(message.error);
        else this.pending.get(message.id!)?.(message);
      });
      this.worker.on('error', (error) => resolve(`worker failed: ${error.stack ?? error.message}`));
      this.worker.on('exit', (code) => {
        resolve(`worker exited (${code}) before loading`);
        for (const settle of this.pending.values()) settle({ error: `the function's worker exited (${code})` });
      });
    });
  }

  invoke(event: unknown): Promise<{ response?: ApiResponse; error?: string }> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, (result) => {
        this.pending.delete(id);
        resolve(result);
      });
      this.worker.postMessage({ id, event });
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

export class BundleHost {
  private readonly workers = new Map<string, Promise<FunctionWorker>>();
  private readonly byRoute = new Map<string, BuiltFunction>();
  readonly failures: FunctionFailure[] = [];

  constructor(functions: readonly BuiltFunction[]) {
    for (const fn of functions) if (fn.routeKey) this.byRoute.set(fn.routeKey, fn);
  }

  /**
   * Imports every function's bundle with its own environment, a few at a time, each in a new
   * worker stopped once it has answered: what failed to load or lacks the template's handler.
   */
  static async checkLoads(
    functions: readonly BuiltFunction[],
    concurrency = 2,
  ): Promise<{ function: string; problem: string }[]> {
    const queue = [...functions];
    const problems: { function: string; problem: string }[] = [];
    const run = async () => {
      for (let fn = queue.shift(); fn; fn = queue.shift()) {
        const worker = new FunctionWorker(fn);
        const problem = await worker.loaded;
        await worker.stop();
        if (problem) problems.push({ function: fn.name, problem });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, run));
    return problems;
  }

  /** The dispatcher's loader: a route's handler is its function's bundle, run in its worker. */
  readonly loader: HandlerLoader = async (_handlerModule, route) => {
    const key = route?.key ?? '$default';
    const fn = this.byRoute.get(key);
    if (!fn) throw new Error(`No function of the template serves ${key}`);
    let started = this.workers.get(key);
    if (!started) {
      started = (async () => {
        const worker = new FunctionWorker(fn);
        const problem = await worker.loaded;
        if (problem) throw new Error(`${fn.name} ${problem}`);
        return worker;
      })();
      this.workers.set(key, started);
    }
    const worker = await started;
    const handler: RouteHandler = async (event) => {
      const { response, error } = await worker.invoke(event);
      const status = error ? 502 : (response!.statusCode ?? 200);
      if (status >= 500) this.failures.push({ function: fn.name, request: key, status, logs: worker.logs });
      // Lambda's answer to a function error.
      return response && !error
        ? response
        : {
            statusCode: 502,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ message: 'Internal Server Error' }),
          };
    };
    return { handler };
  };

  /** The log lines (stdout and stderr, the last 200) of the function serving `routeKey`, once it has been called. */
  async logsOf(routeKey: string): Promise<readonly string[]> {
    const started = this.workers.get(routeKey);
    return started ? [...(await started).logs] : [];
  }

  async stop(): Promise<void> {
    const workers = await Promise.allSettled(this.workers.values());
    await Promise.all(workers.map((w) => (w.status === 'fulfilled' ? w.value.stop() : undefined)));
    this.workers.clear();
  }
}
