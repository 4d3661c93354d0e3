/**
 * POST /v1/report-links — makes a link that opens the campaign's report (or the organization's,
 * without `campaignId`) to anyone who has it, until it expires (1 to 90 days, default 30) or is
 * revoked. 201 with the link and its `url`, which no other answer shows: only the token's hash is
 * stored. At most 100 live links per organization (409) (docs/decisions.md "Report links").
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { createReportLink } from '../../shared/db/report-links/index.ts';
import { config } from '../../shared/config.ts';
import { newReportToken, reportTokenHash } from '../../shared/domain/report-link-token.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/result.ts';
import { intInput, text, Uuid } from '../../shared/schemas/common.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';
import { CreatedReportLinkRecord } from '../../shared/schemas/records/report-link.ts';
import { routeByKey } from '../routes/report-links.ts';

const DAY_MS = 86_400_000;

export const handler = defineHandler({
  route: routeByKey('POST /v1/report-links'),
  output: createdReply(CreatedReportLinkRecord),
  input: z.strictObject({
    organizationId: Uuid,
    campaignId: z.optional(Uuid),
    title: z.optional(text(1, 200)),
    expiresInDays: z.optional(intInput(1, 90)),
  }),
  run: async ({ input, tenant, caller }) => {
    const token = newReportToken();
    const now = new Date();
    const link = await createReportLink(
      tenant.tenantId,
      {
        id: randomUUID(),
        campaignId: input.campaignId ?? null,
        title: input.title ?? null,
        expiresAt: new Date(now.getTime() + (input.expiresInDays ?? 30) * DAY_MS).toISOString(),
        createdByUserId: caller.userId,
        createdAt: now.toISOString(),
      },
      reportTokenHash(token),
    );
    return created({ ...link, url: `${config.apiUrl()}/r/${token}` });
  },
});
