/**
 * GET /v1/creators/metrics/history — exactly `daysBack` daily rows, oldest first, the last being
 * today in the workspace's timezone. No daily metric snapshots are stored yet (the metrics
 * pipeline is not built), so every row is zero-filled rather than estimated.
 */
import * as z from 'zod/mini';
import { defineHandler } from '../../shared/http/handler.ts';
import { list } from '../../shared/http/result.ts';
import { intInput, Uuid } from '../../shared/schemas/common.ts';
import { localDate } from '../../shared/domain/dates.ts';
import { creatorInWorkspace } from './views.ts';

const DAY_MS = 86_400_000;

/** The `days` calendar dates ending with today's in `timeZone`, oldest first. */
export function lastDays(days: number, timeZone: string, now = new Date()): string[] {
  const today = localDate(now, timeZone);
  const todayUtc = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(todayUtc - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export const handler = defineHandler({
  route: 'GET /v1/creators/metrics/history',
  input: z.strictObject({ workspaceId: Uuid, creatorId: Uuid, daysBack: z.optional(intInput(1, 365)) }),
  run: async ({ input, tenant: scope }) => {
    const tenant = scope!.details;
    await creatorInWorkspace(input.workspaceId, input.creatorId);
    const rows = lastDays(input.daysBack ?? 30, tenant.ianaTimezone ?? 'UTC').map((date) => ({ date, impressions: 0, engagement: 0, spend: 0 }));
    return { ...list({ items: rows, totalCount: rows.length }), meta: { currency: tenant.currency, freshness: null, warnings: [] } };
  },
});
