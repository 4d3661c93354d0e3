/** `npm start`'s local service runs the platform fakes and points the adapters' configuration at them. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { startLocalService, type LocalService } from '../../../infra/local/server.ts';
import { documentClient, tableName } from '../../../shared/db/table/client.ts';
import { PARTITION_KEY, SORT_KEY } from '../../../shared/db/table/table-definition.ts';
import { adapterFor } from '../../../shared/integrations/platforms/cloud.ts';
import { loadPlatformConfig } from '../../../shared/integrations/platforms/config.ts';
import { accountRef, contentRef } from './support.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: process.env.TABLE_NAME,
  });
});
afterAll(() => service.stop());

describe('local service with the platform fakes', () => {
  it('a content link on YouTube, Reddit, X and Instagram gets numbers; TikTok says why not', async () => {
    const config = await loadPlatformConfig();
    service.platforms.publishInstagram('newcomer', 'Cnewcomer1');
    const links = [
      contentRef('youtube', 'https://www.youtube.com/watch?v=newcomer01'),
      contentRef('reddit', 'https://www.reddit.com/r/test/comments/new1/hello/'),
      contentRef('twitter', 'https://x.com/newcomer/status/1800000000000000001'),
      contentRef('instagram', 'https://www.instagram.com/p/Cnewcomer1/', { accountHandle: 'newcomer' }),
    ];
    for (const link of links) {
      const calls = service.platforms.calls.length;
      const [result] = await adapterFor(link.platform, config).readContent([link]);
      expect(result, link.platform).toMatchObject({
        status: 'ok',
        value: { engagement: expect.any(Number), contentUrl: link.contentUrl },
      });
      expect(service.platforms.calls.length, `${link.platform} read from the fake`).toBeGreaterThan(calls);
    }
    const [followers] = await adapterFor('youtube', config).readFollowers([
      accountRef('youtube', 'https://www.youtube.com/@newcomer'),
    ]);
    expect(followers).toMatchObject({ status: 'ok', value: { followersCount: expect.any(Number) } });
    expect(
      await adapterFor('tiktok', config).readContent([contentRef('tiktok', 'https://www.tiktok.com/@n/video/1')]),
    ).toEqual([{ status: 'unavailable', reason: 'platform_has_no_public_metrics' }]);
  });

  it("an Instagram activity's post is among its account's media on the fake, so it gets numbers", async () => {
    const id = randomUUID();
    // Stored as an activity is (only the attributes the listing reads): its link names the account.
    const item = {
      [PARTITION_KEY]: `test#${id}`,
      [SORT_KEY]: 'activity',
      id,
      organizationId: randomUUID(),
      channel: 'instagram',
      contentHref: 'https://www.instagram.com/local.newbie/p/Clocal1/',
    };
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: item }));
    const [result] = await adapterFor('instagram', await loadPlatformConfig()).readContent([
      contentRef('instagram', 'https://www.instagram.com/p/Clocal1/', { accountHandle: 'local.newbie' }),
    ]);
    expect(result).toMatchObject({
      status: 'ok',
      value: { impressions: expect.any(Number), engagement: expect.any(Number) },
    });
  });
});
