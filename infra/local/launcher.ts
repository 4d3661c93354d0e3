/**
 * `npm start` runs this process at the end of a chain: npm, `sh -c`, tsx's command line, then
 * node. Not every way of stopping the chain reaches the end of it: a SIGTERM to npm kills the
 * shell, which forwards nothing; tsx relays SIGINT and SIGTERM but not SIGHUP; a SIGKILL reaches
 * nobody. So this process watches the chain that launched it and stops when any link of it goes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Launchers: npm, npx, tsx or node command lines, and `sh -c` (or bash, zsh) wrappers. */
const LAUNCHER = /(^|[/\s])(npm|npx|tsx|node)(\s|$)|npm-cli\.js|npx-cli\.js|\bsh -c\b/;

/** The parent pid and command line of a process, from /proc (Linux) or ps (macOS). */
function describe(pid: number): { ppid: number; command: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 4 is the parent pid; the command name before it is in parentheses and may hold spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { ppid, command };
  } catch {
    try {
      const [ppid, ...command] = execFileSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
      return { ppid: Number(ppid), command: command.join(' ') };
    } catch {
      return undefined;
    }
  }
}

/** The parent of this process and the launchers above it, nearest first (at most `depth`). */
export function launcherChain(depth = 6): number[] {
  const chain = [process.ppid];
  let info = describe(process.ppid);
  while (info && info.ppid > 1 && chain.length < depth) {
    const parent = describe(info.ppid);
    if (!parent || !LAUNCHER.test(parent.command)) break;
    chain.push(info.ppid);
    info = parent;
  }
  return chain;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Calls `onGone` once when this process's parent or a launcher above it has exited. */
export function whenLauncherExits(onGone: () => void, everyMs = 500): void {
  const parent = process.ppid;
  const chain = launcherChain();
  const timer = setInterval(() => {
    // A dead parent that is not reaped yet still answers kill(0); being adopted is the sure sign.
    if (process.ppid === parent && chain.every(alive)) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
}
