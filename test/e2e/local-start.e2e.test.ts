/**
 * The README's "Run it locally" section, followed literally: `npm start -- --in-memory` (its own
 * DynamoDB Local, on a free PORT), then the section's other ```sh blocks as written (only the port
 * substituted), then a SIGTERM to npm's pid, as a process manager or `kill PID` would send, after
 * which no process of the tree (npm, sh, tsx, node, java, watchdog) may remain and the port must
 * not answer.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports.ts';
import { shBlocks } from '../support/markdown.ts';
import { alive, until } from '../support/processes.ts';

const root = join(import.meta.dirname, '..', '..');
const START_TIMEOUT_SECONDS = 240;

/** The ```sh blocks of the README's "Run it locally" section. */
function runItLocallyBlocks(): string[] {
  const blocks = shBlocks(join(root, 'README.md')).filter((block) => block.section === 'Run it locally');
  if (!blocks.length) throw new Error('README.md has no ```sh blocks in a "Run it locally" section');
  return blocks.map((block) => block.script);
}

/** This process's descendants (pid → command), from one `ps` snapshot. */
function descendants(of: number): Map<number, string> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args! }));
  const found = new Map<number, string>();
  let frontier = [of];
  while (frontier.length) {
    const children = rows.filter((r) => frontier.includes(r.ppid) && !found.has(r.pid));
    for (const c of children) found.set(c.pid, c.args);
    frontier = children.map((c) => c.pid);
  }
  return found;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

let npm: ChildProcess | undefined;
let tree = new Map<number, string>();

afterAll(() => {
  // Only if the test failed half-way: leave nothing behind.
  for (const pid of [npm?.pid, ...tree.keys()]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
});

it(
  'follows the README from npm start to a signed-up user, and a SIGTERM to npm stops every process',
  async () => {
    const [startBlock, ...commandBlocks] = runItLocallyBlocks();
    expect(startBlock).toMatch(/npm start/);
    expect(commandBlocks.length).toBeGreaterThan(0);

    const port = await freePort();
    let output = '';
    npm = spawn('npm', ['start', '--', '--in-memory'], {
      cwd: root,
      // The service's own configuration only: not the test run's table, issuer or quiet logs.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        LOCAL_START_TIMEOUT_SECONDS: String(START_TIMEOUT_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((done) => npm!.once('exit', () => done()));

    const started = await until(
      () => /listening on/.test(output) || npm!.exitCode !== null,
      (START_TIMEOUT_SECONDS + 30) * 1000,
    );
    expect(started && npm.exitCode === null, output).toBe(true);
    tree = descendants(npm.pid!);
    expect(
      [...tree.values()].some((args) => args.includes('DynamoDBLocal.jar')),
      [...tree.values()].join('\n'),
    ).toBe(true);

    const script = commandBlocks.join('\n').replaceAll('localhost:3000', `localhost:${port}`);
    const stdout = execFileSync('sh', ['-ec', script], { encoding: 'utf8', timeout: 60_000 });
    // The section's commands print the created user (POST 201) and then the same user read back (GET 200).
    const documents = stdout
      .trim()
      .replace(/}\s*{/g, '}\n{')
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(documents, stdout).toHaveLength(2);
    const [created, read] = documents.map((d) => d.data ?? d);
    const user = { userId: '00000000-0000-4000-8000-000000000001', email: 'you@example.com', name: 'You' };
    expect(created, stdout).toMatchObject(user);
    expect(read, stdout).toMatchObject(user);

    process.kill(npm.pid!, 'SIGTERM');
    await npmExited;
    const leftOver = () => [...tree].filter(([pid]) => alive(pid));
    expect(
      await until(() => leftOver().length === 0, 20_000),
      leftOver()
        .map(([pid, args]) => `${pid} ${args}`)
        .join('\n'),
    ).toBe(true);
    expect(await answers(`http://127.0.0.1:${port}/local/outbox`)).toBe(false);
  },
  (START_TIMEOUT_SECONDS + 120) * 1000,
);
