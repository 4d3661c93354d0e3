/**
 * A schema built the first time anything reads it. Record, stored-item and reply schemas are the
 * records' types (`z.infer`) and the OpenAPI document's shapes: no request parses with them
 * (records are not parsed on read, shared/db/table/entity.ts), yet built eagerly they were most of
 * what a function's import (its Lambda cold start) spent beyond the libraries' own (the cold-start targets, test/bench/RESULTS.md: ~120
 * zod objects in a plain route, about 35 µs each). Built lazily, a function builds only the input
 * schema it parses with. The list queries an export checks its `filters` with are lazy too, and so
 * are the field maps they are made of (paging, each list's filters): the export route parses with
 * one of eleven, and a list route builds its own at import all the same (defineHandler reads its
 * fields, and spreading a map builds it).
 *
 * The proxy stands for the schema everywhere: composition (`X.shape`, `z.array(X)`), parsing, JSON
 * Schema generation, and identity (it is the key `named` registers, shared/schemas/records/reply.ts).
 * Each call carries a `@__PURE__` annotation, so that a bundle which never reads the
 * schema leaves it out: esbuild honours the function's own `@__NO_SIDE_EFFECTS__` only in this file.
 */
import * as z from 'zod/mini';

export /* @__NO_SIDE_EFFECTS__ */ function lazySchema<S extends object>(build: () => S): S {
  let built: S | undefined;
  const schema = () => {
    if (built) return built;
    built = build();
    // Metadata (`described`, `.register`) is kept by identity: the proxy, which is what other schemas hold, gets the built schema's.
    const meta = '_zod' in built ? z.globalRegistry.get(built as unknown as z.ZodMiniType) : undefined;
    if (meta) z.globalRegistry.add(proxy as unknown as z.ZodMiniType, meta);
    return built;
  };
  const proxy: S = new Proxy({} as S, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // A proxy may not report a property non-configurable when its own (empty) target lacks it.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  return proxy;
}

/**
 * A schema (or a map of them, spread into input objects) built at import, as an input schema should
 * be, but left out of a bundle that never uses it: esbuild cannot tell that `z.email().check(...)`
 * or `z.iso.datetime()` (a call on a property read) is free of side effects, and kept every such
 * shared input schema in every function. Calls carry `@__PURE__`, as lazySchema's do.
 */
export /* @__NO_SIDE_EFFECTS__ */ function droppable<S>(build: () => S): S {
  return build();
}
