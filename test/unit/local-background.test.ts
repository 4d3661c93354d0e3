/**
 * How `npm start` runs the cloud's jobs (infra/local/background.ts): one run after another, a failed
 * run not stopping the next, and each run called with no argument (the status sweep's `now` has a
 * default, and the second run used to get the first one's answer in its place).
 */
import { describe, expect, it } from 'vitest';
import { localJob, oneAtATime } from '../../infra/local/background.ts';

describe('oneAtATime', () => {
  it('starts each piece of work once the one before has settled, failed or not', async () => {
    const serialized = oneAtATime();
    const order: string[] = [];
    const slow = serialized(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('slow');
      throw new Error('failed run');
    });
    const next = serialized(async () => {
      order.push('next');
      return 2;
    });
    await expect(slow).rejects.toThrow('failed run');
    expect(await next).toBe(2);
    expect(order).toEqual(['slow', 'next']);
  });

  it('calls the work with no argument, whatever the run before answered', async () => {
    const serialized = oneAtATime();
    const seen: unknown[][] = [];
    const work = async (...args: unknown[]) => {
      seen.push(args);
      return { due: 1 };
    };
    await serialized(work);
    await serialized(work);
    expect(seen).toEqual([[], []]);
  });
});

describe('localJob', () => {
  it('runs a job whose first parameter has a default, again and again', async () => {
    const job = localJob('test job', async (now: Date = new Date()) => now.toISOString());
    expect(await job.runOnce()).toMatch(/^\d{4}-/);
    expect(await job.runOnce()).toMatch(/^\d{4}-/);
    job.stop();
  });
});
