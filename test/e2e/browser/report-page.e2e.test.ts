/**
 * A report link as a person uses it (docs/decisions.md "Report links"), in Debian's `chromium` driven
 * headless by playwright-core against the local service: make a link with the client package, open
 * its page with nothing else reachable, read the headline figures off the page and find the API's,
 * check WCAG 2.1 A and AA with axe-core (injected through the browser's CSP bypass, never by
 * loosening the page's CSP), screenshot it at 1280 and 390 px, print it to an A4 PDF whose text
 * poppler's `pdftotext` reads, revoke the link, and find the 404 page.
 * Screenshots and the PDF go to test/output/ (ignored by git) for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../infra/local/server.ts';
import { createTenant } from '../../../shared/db/tenancy/tenants.ts';
import { HOSTILE, seedCampaign } from '../../support/report-campaign.ts';
import { apiClient, type ApiClient } from '../support/client.ts';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUTPUT = new URL('../../output/', import.meta.url);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** More than the page shows (50), so "and N more" is read too. */
const ACTIVITIES = 55;

let service: LocalService;
let browser: Browser;
let client: ApiClient;
let organizationId: string;
let campaignId: string;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  const userId = randomUUID();
  const email = `report-page-${userId}@example.com`;
  client = apiClient(service.url, service.issuer.mint({ userId, email }));
  expect((await client.POST('/v1/users', { body: { userId, email, name: 'Paula Pages' } })).response.status).toBe(201);
  organizationId = (await createTenant({ name: 'Acme <Agency> & Co', ownerUserId: userId, currency: 'GBP' })).id;
  campaignId = (await seedCampaign(organizationId, ACTIVITIES)).campaign.id;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  mkdirSync(OUTPUT, { recursive: true });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** A page that may load nothing but `allowed`: anything else is refused and recorded in `offsite`. */
async function guardedPage(
  options: { bypassCSP?: boolean; width?: number } = {},
): Promise<{ page: Page; offsite: string[] }> {
  const context = await browser.newContext({
    bypassCSP: options.bypassCSP ?? false,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const page = await context.newPage();
  const offsite: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${service.url}/r/`)) return route.continue();
    offsite.push(url);
    return route.abort();
  });
  return { page, offsite };
}

it("opens a link's page with the API's figures, accessible, on a phone and on A4; revoked, the 404 page", async () => {
  const made = await client.POST('/v1/report-links', {
    body: { organizationId, campaignId, title: HOSTILE.title, expiresInDays: 7 },
  });
  expect(made.response.status, JSON.stringify(made.error)).toBe(201);
  const link = made.data!.data;
  expect(link.url).toMatch(new RegExp(`^${service.url}/r/[A-Za-z0-9_-]{43}$`));
  const api = (
    await client.GET('/v1/reporting/campaign/metrics', { params: { query: { organizationId, campaignId } } })
  ).data!;

  // The page as sent: no script, no external URL but the documentation link, user texts escaped, small.
  const raw = await fetch(link.url);
  const source = await raw.text();
  expect(raw.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
  );
  expect(source).not.toMatch(/<script/i);
  expect([...source.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1])).toEqual(['/docs']);
  for (const text of Object.values(HOSTILE)) expect(source, text).not.toContain(text);
  expect(Buffer.byteLength(source)).toBeLessThanOrEqual(150 * 1024);

  // In the browser, with the page's own CSP: the figures a reader sees are the API's, in deck words.
  const { page, offsite } = await guardedPage();
  const response = await page.goto(link.url, { waitUntil: 'load' });
  expect(response!.status()).toBe(200);
  const shown = Object.fromEntries(
    await page
      .locator('.figure')
      .evaluateAll((figures) =>
        figures.map((f) => [f.querySelector('dt')!.textContent!, f.querySelector('.value')!.textContent!]),
      ),
  );
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'GBP' });
  const count = new Intl.NumberFormat('en');
  expect(shown).toMatchObject({
    'Total costs': money.format(api.data.totalCosts),
    Impressions: count.format(api.data.impressions),
    Engagement: count.format(api.data.engagement),
    CPM: money.format(api.data.cpm!),
    CPE: money.format(api.data.cpe!),
    Conversions: count.format(api.data.conversions!),
    CPA: money.format(api.data.cpa!),
  });
  const basis = api._meta!.provenance!.basis!;
  await expect(page.locator('.figure', { hasText: 'CPM' }).locator('.basis').textContent()).resolves.toContain(
    `${money.format(basis.cpm.spend)} over ${count.format(basis.cpm.impressions)} impressions of ${basis.cpm.activities} activities`,
  );
  await expect(page.locator('h1').textContent()).resolves.toBe(HOSTILE.title);
  expect(await page.locator('tbody tr').count()).toBe(50);
  await expect(page.getByText(`and ${ACTIVITIES - 50} more.`).count()).resolves.toBe(1);
  await expect(page.getByText('These are observed and recorded figures, not claims of cause').count()).resolves.toBe(1);
  await page.screenshot({ path: new URL('report-page-1280.png', OUTPUT).pathname, fullPage: true });

  // A phone: one column of figures, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const lefts = await page
    .locator('.figure')
    .evaluateAll((figures) => figures.map((f) => Math.round(f.getBoundingClientRect().left)));
  expect(new Set(lefts).size).toBe(1);
  expect(
    await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    ),
  ).toBeLessThanOrEqual(390);
  await page.screenshot({ path: new URL('report-page-390.png', OUTPUT).pathname, fullPage: true });

  // A4: pages, and text a person (or a tool) can read back.
  const pdf = new URL('report-page.pdf', OUTPUT).pathname;
  await page.pdf({ path: pdf, format: 'A4', printBackground: true });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
  expect(pages).toBeGreaterThan(0);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('Headline figures');
  expect(text).toContain(money.format(api.data.totalCosts));
  expect(text).toContain('observed and recorded figures');
  expect(offsite).toEqual([]);

  // WCAG 2.1 A and AA: axe-core injected in a context that bypasses the page's CSP (the page itself runs no script).
  const audit = await guardedPage({ bypassCSP: true });
  await audit.page.goto(link.url, { waitUntil: 'load' });
  await audit.page.addScriptTag({ content: AXE });
  const violations = await audit.page.evaluate(async (tags) => {
    const result = await (
      globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }
    ).axe.run({ runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, WCAG_21_A_AA);
  expect(violations).toEqual([]);

  // Revoked: the 404 page, the same one a made-up token gets.
  expect((await client.DELETE('/v1/report-links/{id}', { params: { path: { id: link.id } } })).response.status).toBe(
    200,
  );
  const gone = await page.goto(link.url, { waitUntil: 'load' });
  expect(gone!.status()).toBe(404);
  await expect(page.locator('h1').textContent()).resolves.toBe('Report not found');
  const madeUp = await fetch(`${service.url}/r/${'A'.repeat(43)}`);
  expect(await madeUp.text()).toBe(await gone!.text());
}, 600_000);
