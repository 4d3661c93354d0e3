/**
 * A batch's follower count readings: each due social account is read through its platform's
 * adapter (`readFollowers`, in chunks of `maxIdsPerCall`) once a day. A count read is stored with
 * its change added to the creator's total (follower-counts.ts); a 429 makes the account due at the
 * platform's reset time; a platform without public metrics is not read again; a failed read is
 * delivered again. There is no field to show why an account has no count: it keeps its last one.
 */
import { recordFollowers, trackedAccounts, moveAccountDue } from '../../../shared/db/metrics/index.ts';
import { FOLLOWERS_EVERY } from '../../../shared/domain/refresh-cadence.ts';
import type { RefreshMessage } from '../../../shared/integrations/refresh-queue/port.ts';
import { logger } from '../../../shared/support/logger.ts';
import {
  errorText,
  readPerPlatform,
  settle,
  stillDue,
  type QueuedMessage,
  type RefreshDeps,
  type RefreshOutcome,
} from './refresh.ts';

type FollowersMessage = Extract<RefreshMessage, { kind: 'followers' }>;

const keyOf = (m: { tenantId: string; accountId: string; dueAt: string }) => `${m.tenantId}|${m.accountId}|${m.dueAt}`;

export async function refreshFollowers(
  batch: readonly QueuedMessage<FollowersMessage>[],
  deps: RefreshDeps,
): Promise<RefreshOutcome> {
  const { tracked, outcome, idsOf } = await stillDue(batch, keyOf, trackedAccounts);
  const tomorrow = new Date(deps.now().getTime() + FOLLOWERS_EVERY).toISOString();
  const read = await readPerPlatform(
    tracked,
    (a) => a.platform,
    (adapter, platform, chunk) =>
      adapter.readFollowers(
        chunk.map((a) => ({
          tenantId: a.tenantId,
          creatorId: a.creatorId,
          accountId: a.accountId,
          platform,
          profileUrl: a.profileUrl,
        })),
      ),
    deps,
  );
  for (const { item: account, result } of read) {
    try {
      if (result.status === 'failed') {
        logger.warn('refresh-metrics: followers read failed', {
          platform: account.platform,
          accountId: account.accountId,
          message: result.message,
        });
        settle(outcome, 'failed', idsOf(account), account.platform);
        continue;
      }
      if (result.status === 'ok') await recordFollowers(account, result.value.followersCount, tomorrow);
      else if (result.status === 'rate_limited') await moveAccountDue(account, result.retryAt);
      else if (result.status === 'unavailable' && result.reason === 'platform_has_no_public_metrics')
        await moveAccountDue(account, null);
      else await moveAccountDue(account, tomorrow);
      settle(outcome, result.status, idsOf(account), account.platform);
    } catch (error) {
      logger.error('refresh-metrics: followers settling failed', {
        accountId: account.accountId,
        error: errorText(error),
      });
      settle(outcome, 'failed', idsOf(account), account.platform);
    }
  }
  return outcome;
}
