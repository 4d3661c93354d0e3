/** Shared setup of the Reported outcomes tests: an organization with a campaign; definitions and measurements made through the API. */
import { expect } from 'vitest';
import { createCampaign } from '../../../shared/db/campaigns/campaigns.ts';
import { call, type CallResult } from '../../support/call.ts';
import type { TestUser } from '../../support/users.ts';
import { newOrg, type Org as BaseOrg } from '../../support/organizations.ts';

export interface Org extends BaseOrg {
  campaignId: string;
}

/** An organization with one campaign (written directly: the Campaigns group's own routes are not under test here). */
export async function newOrgWithCampaign(ownerName = 'Outcome Owner'): Promise<Org> {
  const org = await newOrg(ownerName, 'Outcomes Org');
  const campaign = await createCampaign(org.organizationId, { name: 'Spring launch' });
  return { ...org, campaignId: campaign.id };
}

export const postDefinition = (org: Org, body: Record<string, unknown> = {}, user: TestUser = org.owner) =>
  call('POST', '/v1/outcomes/definitions', {
    token: user.token,
    body: { organizationId: org.organizationId, name: 'Signups', valueKind: 'count', ...body },
  });

/** POST /v1/outcomes/definitions as the owner; returns the created definition. */
export async function newDefinition(org: Org, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await postDefinition(org, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export const postMeasurement = (
  org: Org,
  definitionId: string,
  body: Record<string, unknown> = {},
  user: TestUser = org.owner,
) =>
  call('POST', '/v1/outcomes/measurements', {
    token: user.token,
    body: {
      organizationId: org.organizationId,
      campaignId: org.campaignId,
      outcomeDefinitionId: definitionId,
      value: 120,
      sourceMethod: 'manual',
      ...body,
    },
  });

/** POST /v1/outcomes/measurements as the owner; returns the created measurement. */
export async function newMeasurement(
  org: Org,
  definitionId: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const res = await postMeasurement(org, definitionId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export const listMeasurements = (org: Org, user: TestUser = org.owner, campaignId = org.campaignId) =>
  call('GET', `/v1/outcomes/measurements?organizationId=${org.organizationId}&campaignId=${campaignId}`, {
    token: user.token,
  });

export const listDefinitions = (org: Org, user: TestUser = org.owner) =>
  call('GET', `/v1/outcomes/definitions?organizationId=${org.organizationId}`, { token: user.token });

export const patchMeasurement = (id: string, body: Record<string, unknown>, user: TestUser) =>
  call('PATCH', `/v1/outcomes/measurements/${id}`, { token: user.token, body });

/** The field paths of a 400's `errors`. */
export const paths = (res: CallResult) => ((res.body.errors ?? []) as { path: string }[]).map((e) => e.path);
