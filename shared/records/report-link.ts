/**
 * The report link (docs/decisions.md "Report links (a report a client can open)"): a token that
 * opens one campaign's or the organization's report, read-only, until it expires or is revoked.
 * What the repository returns (shared/db/report-links) and what the OpenAPI document shows
 * (shared/schemas/records/report-link.ts names it). Never the token nor its hash: the url is shown
 * once, in the answer that made it.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { Instant, RecordId, stored } from './fields.ts';

export const ReportLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...stored,
    organizationId: RecordId,
    /** The campaign whose report the link opens; null for the organization's. */
    campaignId: z.nullable(RecordId),
    title: z.nullable(z.string()),
    expiresAt: Instant,
    createdByUserId: z.string(),
    /** How many times the page was opened, and when last (the page function writes these two only). */
    views: z.int(),
    lastViewedAt: z.nullable(Instant),
  }),
);
export type ReportLink = z.infer<typeof ReportLinkSchema>;
