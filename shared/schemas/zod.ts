/**
 * Zod Mini, the tree-shakable API of the zod package, is the service's schema library: the
 * classic API ships ~440 KB into every function bundle, Mini only what a schema uses. Import it
 * as `import * as z from 'zod/mini'` in each module (re-exporting the namespace would defeat
 * tree-shaking). Mini loads no locale by itself: importing this module configures English
 * messages, once; `validate.ts` does, so every request parses with them.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type * as core from 'zod/v4/core';

config(en());

/** Any schema; what `defineHandler` and `parseInput` accept. */
export type Schema = core.$ZodType;
export type Output<S extends Schema> = core.output<S>;
export type SchemaError = core.$ZodError;
