/**
 * How DynamoDB Local is started and stopped, with a stand-in `java` on the PATH (a real JVM start
 * takes seconds to minutes): a JVM that exits fails the start at once with what it printed, the
 * wait is bounded by LOCAL_START_TIMEOUT_SECONDS, and the JVM never outlives its owner.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDynamoLocal } from '../../../infra/local/dynamodb.ts';
import { alive, until } from '../../support/processes.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const saved = { ...process.env };
let bin: string;
let pidFile: string;

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'fake-java-'));
  copyFileSync(join(fixtures, 'fake-java.sh'), join(bin, 'java'));
  pidFile = join(bin, 'pid');
  process.env.PATH = `${bin}:${process.env.PATH}`;
  process.env.FAKE_JAVA_PIDFILE = pidFile;
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(bin, { recursive: true, force: true });
});

const javaPid = () => Number(readFileSync(pidFile, 'utf8'));

describe('startDynamoLocal', () => {
  it('fails as soon as the JVM exits, with what it printed', async () => {
    process.env.FAKE_JAVA = 'fail';
    const began = Date.now();
    await expect(startDynamoLocal()).rejects.toThrow(
      /exited \(1\) before answering:\njava\.net\.BindException: Address already in use/,
    );
    expect(Date.now() - began).toBeLessThan(10_000);
  });

  it('waits no longer than LOCAL_START_TIMEOUT_SECONDS, names it, and stops the JVM', async () => {
    process.env.FAKE_JAVA = 'hang';
    process.env.LOCAL_START_TIMEOUT_SECONDS = '1';
    await expect(startDynamoLocal()).rejects.toThrow(/did not answer within 1 s; .*LOCAL_START_TIMEOUT_SECONDS/);
    expect(await until(() => !alive(javaPid()), 5_000)).toBe(true);
  });

  it('refuses a LOCAL_START_TIMEOUT_SECONDS that is not a number of seconds', async () => {
    process.env.LOCAL_START_TIMEOUT_SECONDS = 'soon';
    await expect(startDynamoLocal()).rejects.toThrow(
      'LOCAL_START_TIMEOUT_SECONDS must be a positive number of seconds, not "soon".',
    );
  });

  it('takes the JVM down when its owner is killed with SIGKILL', async () => {
    process.env.FAKE_JAVA = 'hang';
    const owner = spawn(process.execPath, ['--import', 'tsx', join(fixtures, 'hold-dynamo.ts')], { stdio: 'ignore' });
    try {
      expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 20_000)).toBe(true);
      const pid = javaPid();
      owner.kill('SIGKILL');
      expect(await until(() => !alive(pid), 10_000)).toBe(true);
    } finally {
      owner.kill('SIGKILL');
    }
  });
});
