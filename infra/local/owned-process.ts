/**
 * A child program that cannot outlive the process that started it. It runs in a process group of
 * its own (spawned `detached`), so a Ctrl-C meant for `npm start` does not reach it half-way and
 * stopping it stops everything it forked; and a watchdog shell holding a pipe from this process
 * kills that group when the pipe closes, which happens however this process ends (SIGKILL too).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** How much of the child's output is kept to explain an early exit. */
const OUTPUT_TAIL_BYTES = 8 * 1024;

export interface OwnedProcess {
  pid: number;
  /** Null while the child runs; its exit code (or signal name) once it has exited. */
  exitStatus(): string | null;
  /** Settles when the child has exited. */
  exited: Promise<void>;
  /** The last few KB of what the child wrote to stdout and stderr. */
  output(): string;
  /** Stops the child's whole process group: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Takes ownership of `child`, which must have been spawned with `detached: true` (so its pid is its
 * process group id) and with piped stdout and stderr (they are read here, so the child never
 * blocks on a full pipe).
 */
export function own(child: ChildProcess): OwnedProcess {
  const pid = child.pid;
  if (pid === undefined) throw new Error('The child process did not start.');
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_BYTES);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  // `read` returns at end of input: when this process closes the pipe, or dies.
  const watchdog = spawn(
    'sh',
    ['-c', `read _; kill -TERM -${pid} 2>/dev/null; sleep 5; kill -KILL -${pid} 2>/dev/null`],
    {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watchdog.stdin!.on('error', () => undefined);
  watchdog.unref();
  // The pipe must not keep this process alive on its own, only the child does that.
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();

  let status: string | null = null;
  const exited = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      status = signal ?? String(code);
      // The watchdog must not signal a group whose id the system may hand out again.
      watchdog.kill('SIGKILL');
      done();
    });
  });

  return {
    pid,
    exitStatus: () => status,
    exited,
    output: () => tail.trim(),
    stop: async (graceMs = 10_000) => {
      if (status !== null) return;
      signalGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
