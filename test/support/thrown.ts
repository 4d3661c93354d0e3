/** The error a function throws (undefined when it returns), so assertions stay outside any catch. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
