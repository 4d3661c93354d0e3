/** Runs `work` with `Date` frozen at `at` (timers stay real): records written meanwhile share one createdAt. */
import { vi } from 'vitest';

export async function atInstant<T>(at: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}
