/** A queue message's body parsed by its schema, or undefined when it is not one (not JSON, or another shape). */
import * as z from 'zod/mini';

export function parseMessage<S extends z.ZodMiniType>(schema: S, body: string): z.infer<S> | undefined {
  try {
    const parsed = z.safeParse(schema, JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
