/** The report link records (Report links group). */
import * as z from 'zod/mini';
import { lazySchema } from '../../records/lazy-schema.ts';
import { ReportLinkSchema } from '../../records/report-link.ts';
import { metricFields, moneyOrNull } from './figures.ts';
import { Provenance } from './meta.ts';
import { named } from './reply.ts';

export const ReportLinkRecord = named('ReportLink', ReportLinkSchema);

/** A new link with its url, which no other answer shows (only the token's hash is stored). */
export const CreatedReportLinkRecord = named(
  'CreatedReportLink',
  /* @__PURE__ */ lazySchema(() => z.object({ ...ReportLinkSchema.shape, url: z.url() })),
);

const nullableText = () => z.nullable(z.string());

/**
 * The figures a report link opens (`GET /r/:token?format=json`), those its page lays out: the
 * metrics report's figures and basis for the scope, its days, activities, outcomes and evidence.
 */
export const LinkReportRecord = named(
  'LinkReport',
  /* @__PURE__ */ lazySchema(() =>
    z.object({
      scope: z.object({
        kind: z.enum(['campaign', 'organization']),
        organizationId: z.uuid(),
        organizationName: z.string(),
        campaignId: z.nullable(z.uuid()),
        campaignName: nullableText(),
        title: nullableText(),
      }),
      period: z.object({ startDate: z.string(), endDate: z.string(), timeZone: z.string(), asOf: z.iso.datetime() }),
      currency: z.string(),
      figures: z.object({
        ...metricFields,
        budget: moneyOrNull(
          'The campaign budget; null for an organization or a campaign without one.',
          'without a budget',
        ),
      }),
      basis: Provenance,
      days: z.array(
        z.object({ date: z.string(), spend: z.number(), cumulativeSpend: z.number(), impressions: z.number() }),
      ),
      activities: z.object({
        totalCount: z.int(),
        items: z.array(
          z.object({
            id: z.uuid(),
            name: z.string(),
            channel: z.string(),
            creators: z.array(z.string()),
            publishedAt: nullableText(),
            impressions: z.number(),
            engagement: z.number(),
            spend: z.number(),
            cpm: z.nullable(z.number()),
          }),
        ),
      }),
      outcomes: z.object({
        conversions: z.nullable(z.number()),
        cpa: z.nullable(z.number()),
        definitions: z.array(z.object({ id: z.uuid(), name: z.string() })),
        measurements: z.array(
          z.object({
            id: z.uuid(),
            definition: nullableText(),
            valueKind: nullableText(),
            value: z.number(),
            unitLabel: nullableText(),
            baselineValue: z.nullable(z.number()),
            periodStart: nullableText(),
            periodEnd: nullableText(),
            sourceMethod: z.string(),
            confidence: z.nullable(z.number()),
            market: nullableText(),
          }),
        ),
      }),
      freshness: z.nullable(z.iso.datetime()),
      warnings: z.array(z.string()),
    }),
  ),
);
