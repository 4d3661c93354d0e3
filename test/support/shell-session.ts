/**
 * Runs a document's shell blocks one after another as a reader would in one terminal: each block
 * in bash (errexit, nounset, pipefail, so a failing command fails its block), with the variables
 * and functions the earlier blocks set. Each block is its own bash process: what it defines is
 * carried to the next in a state file (`declare -p`, `declare -f`), so a block's output and exit
 * status are its own. Asynchronous, so a service running in the test's own process can answer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Bash's own variables, and the wrapper's (`__`), are not the document's to carry. */
const OWN = '^(_.*|BASH.*|PIPESTATUS|FUNCNAME|OPTARG|OPTIND|COMP_.*|COLUMNS|LINES|SHLVL|PWD|OLDPWD)$';

const WRAPPER = `set -euo pipefail
__baseline=$(compgen -v)
source "$__STATE"
source "$__BLOCK"
{
  for __name in $(compgen -v | grep -vxF "$__baseline" | grep -vE '${OWN}' || true); do declare -p "$__name"; done
  declare -f
} > "$__STATE.next"
mv "$__STATE.next" "$__STATE"
`;

export interface BlockRun {
  stdout: string;
  stderr: string;
  /** The block's variables as the shell holds them after it ran (every block so far). */
  vars: Record<string, string>;
}

export class ShellSession {
  private readonly dir = mkdtempSync(join(tmpdir(), 'shell-session-'));
  private readonly state = join(this.dir, 'state.sh');
  private blocks = 0;

  /** `rewrite` changes each block before it runs (a port for `localhost:3000`); `cwd` is where the blocks run. */
  constructor(
    private readonly rewrite: (script: string) => string = (script) => script,
    private readonly cwd?: string,
  ) {
    writeFileSync(this.state, '');
  }

  async run(script: string, timeoutMs = 60_000): Promise<BlockRun> {
    const block = join(this.dir, `block-${++this.blocks}.sh`);
    writeFileSync(block, this.rewrite(script));
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, __STATE: this.state, __BLOCK: block };
    try {
      const { stdout, stderr } = await run('bash', ['-c', WRAPPER], {
        env,
        cwd: this.cwd,
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      });
      return { stdout, stderr, vars: await this.vars() };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      throw new Error(
        `block ${this.blocks} failed (exit ${failed.code}):\n${this.rewrite(script)}\n--- stdout\n${failed.stdout}\n--- stderr\n${failed.stderr}`,
      );
    }
  }

  /** The carried variables, by name, as bash expands them. */
  private async vars(): Promise<Record<string, string>> {
    const names = [...readFileSync(this.state, 'utf8').matchAll(/^declare -[-\w]* (\w+)=/gm)].map((m) => m[1]!);
    const script = `source "$__STATE"; for __name in ${names.join(' ')}; do printf '%s\\0%s\\0' "$__name" "\${!__name}"; done`;
    const { stdout } = await run('bash', ['-c', script], { env: { PATH: process.env.PATH, __STATE: this.state } });
    const parts = stdout.split('\0');
    const vars: Record<string, string> = {};
    for (let i = 0; i + 1 < parts.length; i += 2) vars[parts[i]!] = parts[i + 1]!;
    return vars;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
