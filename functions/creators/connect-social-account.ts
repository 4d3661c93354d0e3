/**
 * POST /v1/creators/social-accounts/connect — adds a public account, stored under its canonical
 * profile URL and read for its follower count at once; a reference that is not a profile of that
 * platform is invalid input.
 */
import * as z from 'zod/mini';
import { recordTenant } from '../../shared/db/table/index.ts';
import { connectSocialAccount } from '../../shared/db/catalogue/index.ts';
import { normaliseProfile, ProfileError, type Profile } from '../../shared/domain/social-profiles.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/creators.ts';
import { invalidInput } from '../../shared/http/problem.ts';
import { created } from '../../shared/http/result.ts';
import { text, Uuid } from '../../shared/schemas/common.ts';
import { Channel } from '../../shared/schemas/enums.ts';
import { SocialAccountRecord } from '../../shared/schemas/records/creator.ts';
import { createdReply } from '../../shared/schemas/records/reply.ts';

export const handler = defineHandler({
  route: routeByKey('POST /v1/creators/social-accounts/connect'),
  output: createdReply(SocialAccountRecord),
  input: z.strictObject({
    creatorId: Uuid,
    platform: Channel,
    profileUrl: text(0, 2048),
  }),
  tenantOf: recordTenant('creator', 'creatorId'),
  run: async ({ input, tenant }) => {
    let profile: Profile;
    try {
      profile = normaliseProfile(input.platform, input.profileUrl);
    } catch (error) {
      if (error instanceof ProfileError)
        throw invalidInput(error.message, [{ path: 'profileUrl', message: error.message }]);
      throw error;
    }
    // Due from its creation (connectSocialAccount): the table's stream queues its first follower
    // count at once (functions/jobs/metric-refresh/queue-due-readings.ts).
    return created(await connectSocialAccount(tenant.tenantId, input.creatorId, profile));
  },
});
