/**
 * Report links (docs/decisions.md "Report links (a report a client can open)"). A link lives in a partition
 * named by its token's hash (item-keys.ts `reportLink`): the page reads it with one GetItem and
 * may update only its `views` and `lastViewedAt`. A tenant's links are listed through gsi1, and
 * the tenant's counter (`reportLinkCount`) caps them: a create past MAX_REPORT_LINKS first deletes
 * the tenant's expired links, so the links stored are the live ones plus at most those expired
 * since, and the list is one query of at most MAX_REPORT_LINKS entries.
 */
import * as z from 'zod/mini';
import { conflict } from '../../domain/errors.ts';
import { ReportLinkSchema, type ReportLink } from '../../records/report-link.ts';
import { aggregateUpdate } from '../table/aggregates.ts';
import * as collections from '../table/collections.ts';
import { applyChanges, defineEntity, getRecord } from '../table/entity.ts';
import { absent, any, compare, exists, lacks } from '../table/expressions.ts';
import * as keys from '../table/item-keys.ts';
import { pageOf, sortRecords, type Page, type PageRequest } from '../table/paging.ts';
import { queryRecords } from '../table/query.ts';
import { pointerDelete, pointerPut } from '../table/records.ts';
import { transact, type TransactItem } from '../table/transact.ts';
import { Campaigns } from '../campaigns/campaigns.ts';
export type { ReportLink } from '../../records/report-link.ts';

export const ReportLinks = defineEntity({
  name: 'The report link',
  schema: () => z.object({ ...ReportLinkSchema.shape, tokenHash: z.string() }),
  key: keys.reportLink,
  indexes: (link) => keys.reportLinkByCreation(link.organizationId, link.createdAt, link.id),
  queries: {
    /** The tenant's links, by creation (gsi1). */
    byCreation: collections.reportLinksByCreation,
  },
});

export type StoredLink = z.infer<typeof ReportLinks.schema>;

/** The live links a tenant may have (docs/decisions.md "Report links"). */
export const MAX_REPORT_LINKS = 100;

/** The record the API shows: never the token's hash. */
export function publicLink(stored: StoredLink): ReportLink {
  const { tokenHash: _hash, ...link } = stored;
  return link;
}

/** The item-to-record mapping of DELETE /v1/report-links/:id (never the hash). */
export const reportLinkFromItem = (item: Record<string, unknown>): ReportLink => publicLink(ReportLinks.fromItem(item));

/** The answer past the cap. */
const capReached = () =>
  conflict(
    `The organization has ${MAX_REPORT_LINKS} live report links, the most it may have: revoke one to make another.`,
  );

/** One more on the counter, refused at the cap with `failure`. */
function countAdded(tenantId: string, failure: () => Error): TransactItem {
  return {
    ...aggregateUpdate(
      keys.reportLinkCount(tenantId),
      { counts: { links: 1 } },
      { mustExist: false, condition: any(lacks('links'), compare('links', '<', MAX_REPORT_LINKS)) },
    )!,
    failure,
  };
}

function countRemoved(tenantId: string): TransactItem {
  return aggregateUpdate(keys.reportLinkCount(tenantId), { counts: { links: -1 } }, { mustExist: false })!;
}

export interface NewReportLink {
  id: string;
  campaignId: string | null;
  title: string | null;
  expiresAt: string;
  createdByUserId: string;
  createdAt: string;
}

/**
 * Stores a link under its token's hash, with its pointer (for DELETE by id) and one more on the
 * tenant's counter, refused past the cap (409) after the tenant's expired links are deleted. A
 * campaign that is not the tenant's is 404.
 */
export async function createReportLink(tenantId: string, input: NewReportLink, tokenHash: string): Promise<ReportLink> {
  const stored: StoredLink = {
    ...input,
    organizationId: tenantId,
    updatedAt: input.createdAt,
    views: 0,
    lastViewedAt: null,
    tokenHash,
  };
  const key = ReportLinks.key(tokenHash);
  const full = new Error('The cap is reached.');
  const write = (failure: () => Error) =>
    transact([
      ReportLinks.tx.put(key, stored, { condition: absent }),
      pointerPut('reportLink', stored.id, tenantId, key),
      countAdded(tenantId, failure),
      ...(input.campaignId
        ? [Campaigns.tx.check(Campaigns.key(tenantId, input.campaignId), { condition: exists })]
        : []),
    ]);
  try {
    await write(() => full);
  } catch (error) {
    if (error !== full) throw error;
    // At the cap: the expired links make room, if there are any.
    if (!(await deleteExpiredLinks(tenantId, new Date(input.createdAt)))) throw capReached();
    await write(capReached);
  }
  return publicLink(stored);
}

/** Every stored link of the tenant (at most the cap), newest first. */
async function linksOf(tenantId: string): Promise<StoredLink[]> {
  return sortRecords(await queryRecords(ReportLinks.query.byCreation(tenantId)), (l) => l.createdAt, 'desc');
}

/** One page of the tenant's links, newest first (never a url, token or hash). */
export async function listReportLinks(tenantId: string, page: PageRequest): Promise<Page<ReportLink>> {
  const { items, totalCount } = pageOf(await linksOf(tenantId), page);
  return { items: items.map(publicLink), totalCount };
}

/** Deletes the tenant's links expired at `now`; how many. */
async function deleteExpiredLinks(tenantId: string, now: Date): Promise<number> {
  const expired = (await linksOf(tenantId)).filter((l) => !isOpen(l, now));
  await Promise.all(expired.map((l) => deleteReportLink(tenantId, l.id, l.tokenHash).catch(() => undefined)));
  return expired.length;
}

/** Revokes a link at once: its item, pointer and one off the counter go in one transaction. */
export async function deleteReportLink(tenantId: string, linkId: string, tokenHash: string): Promise<void> {
  await transact([ReportLinks.tx.delete(ReportLinks.key(tokenHash)), pointerDelete(linkId), countRemoved(tenantId)]);
}

/** A stored link with the hash that keys it: DELETE by id's record (its answer shows the id only). */
export const storedReportLinkFromItem = (item: Record<string, unknown>): StoredLink => ReportLinks.fromItem(item);

/** Whether a link opens its page at `now`. */
export const isOpen = (link: Pick<ReportLink, 'expiresAt'>, now: Date) => Date.parse(link.expiresAt) > now.getTime();

/**
 * The link a token's hash names, if it is open at `now`; undefined for an unknown, revoked (deleted)
 * or expired one alike. One strongly consistent GetItem, so a revocation holds at once.
 */
export async function openLinkByHash(tokenHash: string, now: Date): Promise<ReportLink | undefined> {
  const stored = await getRecord(ReportLinks, ReportLinks.key(tokenHash), { consistent: true });
  return stored && isOpen(stored, now) ? publicLink(stored) : undefined;
}

/** Counts a view: the only write the page function makes, and it touches `views` and `lastViewedAt` alone. */
export async function countReportView(tokenHash: string, at: Date): Promise<void> {
  await applyChanges(ReportLinks, ReportLinks.key(tokenHash), {
    add: { views: 1 },
    set: { lastViewedAt: at.toISOString() },
  });
}
