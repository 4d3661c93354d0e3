/**
 * A user may create 10 tenants a day (UTC), across the three routes that create one (POST
 * /v1/organizations, POST /v1/workspaces, complete-organic-signup): the per-tenant invitation
 * limit would mean nothing if tenants were free (docs/decisions.md "Tenants, memberships and roles").
 * The 11th is 429 `rate_limited` with Retry-After (seconds until the day ends) and creates nothing.
 * The clock is frozen an hour and 30 s before a UTC day ends (Retry-After 3630 s, not the hour's 30).
 */
import { describe, expect, it } from 'vitest';
import { call, type CallResult } from '../../support/call.ts';
import { atInstant } from '../../support/frozen-clock.ts';
import { signUp, type TestUser } from '../../support/users.ts';
import { expectProblem } from '../middleware/helpers.ts';
import { organizationsOf } from './helpers.ts';

const DAY = 86_400_000;
/** An hour and 30 s before the current UTC day began: in the past, and not the day's last hour. */
const beforeDayEnds = () => Math.floor(Date.now() / DAY) * DAY - 3_630_000;

type Create = (user: TestUser, name: string) => Promise<CallResult>;
const createOrganization: Create = (user, name) =>
  call('POST', '/v1/organizations', { token: user.token, body: { userId: user.userId, name } });
const createWorkspace: Create = (user, name) =>
  call('POST', '/v1/workspaces', { token: user.token, body: { userId: user.userId, name } });
const organicSignup: Create = (user, name) =>
  call('POST', '/v1/organizations/complete-organic-signup', { token: user.token, body: { userId: user.userId, name } });

/** The tenants `user` owns (the demo organization of an organic sign-up is not theirs). */
const owned = async (user: TestUser) => (await organizationsOf(user)).filter((t) => t.role === 'owner');

function expectRefused(res: CallResult, seconds: number): void {
  expectProblem(res, 429, 'rate_limited');
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.body.detail).toMatch(/10 organizations/);
}

describe('tenants created per user', () => {
  it('lets a user create 10 a day across the three routes; the 11th on any route is 429 until the day ends and creates nothing', async () => {
    const me = await signUp('Founder');
    const at = beforeDayEnds();
    await atInstant(at, async () => {
      const creates = [createOrganization, createWorkspace, organicSignup];
      for (let i = 0; i < 10; i++) {
        const res = await creates[i % 3]!(me, `Tenant ${i + 1}`);
        expect(res.status, `tenant ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
      }
      for (const create of creates) expectRefused(await create(me, 'One too many'), 3630);
      expect(await owned(me)).toHaveLength(10);
      // Another user is not affected.
      expect((await createOrganization(await signUp('Neighbour'), 'Next door')).status).toBe(201);
    });
    await atInstant(at + 60_000, async () => {
      expectRefused(await createWorkspace(me, 'Still too many'), 3570);
    });
    await atInstant(at + 3_631_000, async () => {
      expect((await createOrganization(me, 'Tomorrow')).status).toBe(201);
      expect(await owned(me)).toHaveLength(11);
    });
  });

  it('counts concurrent creations atomically: of 14 at once, 10 are created', async () => {
    const me = await signUp('Hasty');
    await atInstant(beforeDayEnds(), async () => {
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, i) => (i % 2 ? createWorkspace : createOrganization)(me, `Race ${i}`)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      expect(await owned(me)).toHaveLength(10);
    });
  });
});
