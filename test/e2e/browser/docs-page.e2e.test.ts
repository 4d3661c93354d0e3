/**
 * The API reference page in a real browser (docs/decisions.md "The service's own routes"): Debian's `chromium`, driven headless by
 * playwright-core, loads `GET /docs` from the local service with the network to anywhere else
 * refused (the page must work offline), with no console error; it lists the introduction's sections,
 * then every tag of the document, and renders a route's request and response schemas. A screenshot
 * is written to test/output/docs-page.png for a person to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startLocalService, type LocalService } from '../../../infra/local/server.ts';

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

const document = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));

let service: LocalService;
let browser: Browser;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

it("renders /docs offline, without console errors: every tag, and a route's request and response schemas", async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  const offsite: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  // Anything not from the service itself (a CDN, a font host) is refused and recorded.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(service.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    offsite.push(url);
    return route.abort();
  });

  await page.goto(`${service.url}/docs`, { waitUntil: 'load' });
  await page.waitForSelector('.menu-content', { timeout: 60_000 });
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText(), the text as the page shows it, not the DOM property
  const menu = await page.locator('.menu-content').innerText();
  for (const tag of document.tags as { name: string }[])
    expect(menu, `tag ${tag.name} in the menu`).toContain(tag.name);
  // The introduction's sections come first (docs/decisions.md "Figures a reader can check").
  expect(menu.indexOf('Getting started'), 'the introduction in the menu').toBeGreaterThanOrEqual(0);
  expect(menu.indexOf('Getting started')).toBeLessThan(menu.indexOf(document.tags[0].name));

  // A route's request body and its response schema: PATCH /v1/users/{id}.
  const operation = document.paths['/v1/users/{id}'].patch;
  await page.goto(`${service.url}/docs#operation/${operation.operationId}`, { waitUntil: 'load' });
  const section = page.locator(`[id="operation/${operation.operationId}"]`);
  await section.waitFor({ timeout: 60_000 });
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText(), the text as the page shows it, not the DOM property
  const text = await section.innerText();
  expect(text).toMatch(/Request Body schema/i);
  expect(text).toContain('jobRole');
  expect(text).toMatch(/Response samples|Responses/i);
  expect(text).toContain('401');

  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: new URL('docs-page.png', OUTPUT).pathname });
  expect(offsite).toEqual([]);
  expect(errors).toEqual([]);
}, 180_000);
