/**
 * `npm start` stops when what launched it goes, however it went: a SIGTERM to npm only kills the
 * `sh -c` between npm and tsx, and a SIGKILL reaches nobody, so the service watches that chain.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { alive, until } from '../../support/processes.ts';

it('notices when the shell that launched it is killed with SIGKILL, and stops', async () => {
  const fixture = join(import.meta.dirname, 'fixtures', 'watch-launcher.ts');
  // `; true` keeps the shell from exec-ing node, so that the shell stays a link of the chain.
  const shell = spawn('sh', ['-c', `"${process.execPath}" --import tsx "${fixture}"; true`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  shell.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let watcher = 0;
  try {
    expect(await until(() => /watching \d+/.test(output), 20_000), output).toBe(true);
    watcher = Number(/watching (\d+)/.exec(output)![1]);
    shell.kill('SIGKILL');
    expect(await until(() => !alive(watcher), 5_000), output).toBe(true);
    expect(output).toContain('launcher gone');
  } finally {
    shell.kill('SIGKILL');
    if (watcher && alive(watcher)) process.kill(watcher, 'SIGKILL');
  }
});
