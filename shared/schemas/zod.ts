/**
 * The zod entry point of the service: Zod Mini, the tree-shakable API of the same zod package.
 * The classic API ships ~440 KB into every function bundle; Mini ships what a schema uses
 * (~30 KB), which keeps bundles small and cold starts short. Mini loads no locale by itself, so
 * the English messages are configured here, once, for every schema.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

z.config(en());

export { z };
export type { core };

/** Any schema; what `defineHandler` and `parseInput` accept. */
export type Schema = core.$ZodType;
export type Output<S extends Schema> = core.output<S>;
