/**
 * Whatever a platform (or something in front of it) answers, an adapter answers one result per ref
 * and never throws: bodies of the wrong shape fail (or, where the shape says "nothing found",
 * are missing), never become a number.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../shared/domain/activity-types.ts';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import { platformConfigFrom } from '../../../shared/integrations/platforms/config.ts';
import { FAKE_PLATFORM_CREDENTIALS } from '../../../infra/local/fakes/platforms.ts';
import { accountRef, contentRef } from './support.ts';

let server: Server;
let base: string;
let answer = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    // Reddit's token endpoint answers properly; everything else answers the body under test.
    if (req.url?.endsWith('/api/v1/access_token'))
      return void res.end(JSON.stringify({ access_token: 't', token_type: 'bearer', expires_in: 3600 }));
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = () =>
  platformConfigFrom(FAKE_PLATFORM_CREDENTIALS, {
    YOUTUBE_API_BASE_URL: base,
    REDDIT_API_BASE_URL: base,
    REDDIT_AUTH_BASE_URL: base,
    X_API_BASE_URL: base,
    INSTAGRAM_API_BASE_URL: base,
  });

const CASES: [ChannelName, string, string][] = [
  ['youtube', 'https://youtu.be/abcdefghijk', 'https://www.youtube.com/@someone'],
  ['reddit', 'https://redd.it/abc123', 'https://www.reddit.com/user/someone/'],
  ['twitter', 'https://x.com/a/status/123', 'https://x.com/someone'],
  ['instagram', 'https://www.instagram.com/someone/p/Cabc/', 'https://www.instagram.com/someone/'],
];

const BODIES = [
  'null',
  '[]',
  '"text"',
  '{"items": 5, "data": "x", "business_discovery": 3}',
  '{"items": [1, null, {"id": "abcdefghijk", "statistics": "lots"}], "data": {"children": [1, null, {"kind": "t3", "data": {"id": "abc123", "ups": "many"}}]}}',
  '{"data": [{"id": "123", "public_metrics": null}], "business_discovery": {"media": {"data": [{"permalink": 5}, {"permalink": "https://www.instagram.com/p/Cabc/", "like_count": -1}]}}}',
  '{"items": [{"id": "abcdefghijk", "statistics": {}}], "data": [{"id": "123", "public_metrics": {}}], "business_discovery": {"media": {"data": [{"permalink": "https://www.instagram.com/p/Cabc/"}]}}}',
  '{"data": {"subreddit": {"subscribers": "12"}, "public_metrics": {"followers_count": 1.5}}, "business_discovery": {"followers_count": null}, "items": [{"statistics": {"subscriberCount": "x"}}]}',
];

describe('adapters given bodies of the wrong shape', () => {
  for (const [platform, content, profile] of CASES) {
    it.each(BODIES)(`${platform}: %s`, async (body) => {
      for (const status of [200, 500]) {
        answer = { status, body };
        const adapter = adapterFor(platform, config());
        const read = await adapter.readContent([contentRef(platform, content), contentRef(platform, content)]);
        const followers = await adapter.readFollowers([accountRef(platform, profile)]);
        for (const result of [...read, ...followers])
          expect(['failed', 'missing'], `${status} ${JSON.stringify(result)}`).toContain(result.status);
        expect(read).toHaveLength(2);
        expect(followers).toHaveLength(1);
      }
    });
  }
});

describe('adapters given no answer at all', () => {
  it.each(CASES)('%s: a refused connection fails every ref with the host named', async (platform, content, profile) => {
    const closed = `http://127.0.0.1:1`;
    const adapter = adapterFor(
      platform,
      platformConfigFrom(FAKE_PLATFORM_CREDENTIALS, {
        YOUTUBE_API_BASE_URL: closed,
        REDDIT_API_BASE_URL: closed,
        REDDIT_AUTH_BASE_URL: closed,
        X_API_BASE_URL: closed,
        INSTAGRAM_API_BASE_URL: closed,
      }),
    );
    const results = [
      ...(await adapter.readContent([contentRef(platform, content)])),
      ...(await adapter.readFollowers([accountRef(platform, profile)])),
    ];
    expect(results).toEqual([
      { status: 'failed', message: expect.stringContaining('No answer from 127.0.0.1:1') },
      { status: 'failed', message: expect.stringContaining('No answer from 127.0.0.1:1') },
    ]);
  });
});
