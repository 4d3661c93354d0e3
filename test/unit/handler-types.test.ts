/**
 * `defineHandler` is typed by its route's access: a tenant route's `tenant` is present, an
 * id-addressed route's `record` is the repository's parsed record (or the one its `tenantOf` took),
 * a self route gets the caller's parsed profile. Checked by the compiler (`npm run typecheck`), the run bodies never execute.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { routeByKey } from '../../functions/routes.ts';
import { noteFromItem, type Note } from '../../shared/db/evidence/notes.ts';
import { recordTenant } from '../../shared/db/table/records.ts';
import type { User } from '../../shared/db/tenancy/users.ts';
import type { TenantScope } from '../../shared/http/context.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';

describe('defineHandler types', () => {
  it('gives each kind of route what its access guarantees', () => {
    const handlers = [
      defineHandler({
        route: routeByKey('GET /v1/notes/:id'),
        input: z.strictObject({ noteId: Uuid }),
        tenantOf: recordTenant('note', 'noteId'),
        record: noteFromItem,
        run: async ({ tenant, record }) => {
          expectTypeOf(tenant).toEqualTypeOf<TenantScope>();
          expectTypeOf(record).toEqualTypeOf<Note>();
          return ok(record);
        },
      }),
      defineHandler({
        route: routeByKey('GET /v1/workspaces/:id'),
        input: z.strictObject({ workspaceId: Uuid }),
        run: async ({ tenant, record }) => {
          expectTypeOf(tenant).toEqualTypeOf<TenantScope>();
          expectTypeOf(record).toEqualTypeOf<undefined>();
          return ok(tenant.tenantId);
        },
      }),
      defineHandler({
        route: routeByKey('POST /v1/analytics-oauth/complete'),
        input: z.strictObject({ state: z.string() }),
        tenantOf: async ({ state }) => ({ tenantId: state, held: { codeVerifier: 'v' }, scopeInput: true }),
        run: async ({ tenant, record }) => {
          expectTypeOf(tenant).toEqualTypeOf<TenantScope>();
          expectTypeOf(record).toEqualTypeOf<{ codeVerifier: string }>();
          return ok(record.codeVerifier);
        },
      }),
      defineHandler({
        route: routeByKey('GET /v1/users/:id'),
        input: z.strictObject({ userId: Uuid }),
        run: async (args) => {
          expectTypeOf(args.profile).toEqualTypeOf<User | undefined>();
          // @ts-expect-error: a self route has no tenant in scope
          void args.tenant;
          return ok(args.profile);
        },
      }),
      // @ts-expect-error: a record mapping needs a tenantOf that names the record
      defineHandler({
        route: routeByKey('GET /v1/notes/:id'),
        input: z.strictObject({ noteId: Uuid }),
        record: noteFromItem,
        run: async () => ok(null),
      }),
      // @ts-expect-error: a self route takes no tenantOf
      defineHandler({
        route: routeByKey('GET /v1/users/:id'),
        input: z.strictObject({ userId: Uuid }),
        tenantOf: recordTenant('note', 'userId'),
        run: async () => ok(null),
      }),
    ];
    expect(handlers.every((handler) => typeof handler === 'function')).toBe(true);
  });
});
