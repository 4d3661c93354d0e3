/**
 * How each queue port chooses its implementation (refresh, export and webhook queues): the one a
 * caller put in place (`npm start`'s in-process queue, a test's recorder), else the SQS queue whose
 * URL the stack gave this function in `envName`, made once per URL, else none (a function the
 * stack gave no queue, and handler tests).
 */
export interface QueueChoice<Queue> {
  /** The queue of this environment, or undefined when there is none. */
  get(): Queue | undefined;
  /** Puts `queue` in place; undefined goes back to the configured one. */
  use(queue: Queue | undefined): void;
}

export function configuredQueue<Queue, Cloud extends Queue & { readonly queueUrl: string }>(
  envName: string,
  make: (queueUrl: string) => Cloud,
): QueueChoice<Queue> {
  let chosen: Queue | undefined;
  let cloud: Cloud | undefined;
  return {
    get: () => {
      if (chosen) return chosen;
      // Read at each call: a test (or the local runtime) may set the variable after import.
      const url = process.env[envName];
      if (!url) return undefined;
      if (cloud?.queueUrl !== url) cloud = make(url);
      return cloud;
    },
    use: (queue) => {
      chosen = queue;
    },
  };
}
