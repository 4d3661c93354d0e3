/**
 * The service's own public routes over HTTP (docs/decisions.md "The service's own routes", DECISIONS.md "The service's own routes"):
 * `GET /openapi.json` is the committed document and `GET /docs` its reference page, both without a
 * token; the page carries its renderer and the document inline (nothing loaded from a CDN).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { startLocalService, type LocalService } from '../../infra/local/server.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
});

afterAll(async () => {
  await service?.stop();
});

it('GET /openapi.json answers the committed document without a token', async () => {
  const response = await fetch(`${service.url}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(await response.json()).toEqual(
    JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')),
  );
});

it('GET /docs answers the reference page without a token, with no script or style from the network', async () => {
  const response = await fetch(`${service.url}/docs`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await response.text();
  expect(html).toContain('Redoc.init(');
  expect(html).toContain('"openapi":"3.1.0"');
  expect(html).not.toMatch(/<(script|link)[^>]+(src|href)=["']?(https?:)?\/\//i);
});

it('GET /favicon.ico answers 404 without a token, and the page asks for no icon (docs/decisions.md "The service\'s own routes")', async () => {
  const response = await fetch(`${service.url}/favicon.ico`);
  expect(response.status).toBe(404);
  expect(await response.text()).toBe('');
  expect(await (await fetch(`${service.url}/docs`)).text()).toContain('<link rel="icon" href="data:,">');
});

it('GET /docs opens on the introduction and cites no file the reader does not have (docs/decisions.md "Figures a reader can check")', async () => {
  const html = await (await fetch(`${service.url}/docs`)).text();
  expect(html).toContain('# Getting started');
  expect(html).toContain('_meta.provenance.basis');
  expect(html).not.toMatch(/(DECISIONS|interface)\.md/);
});

it('other methods on those paths are still routes of the API: 401 without a token', async () => {
  const response = await fetch(`${service.url}/openapi.json`, { method: 'POST' });
  expect(response.status).toBe(401);
});
