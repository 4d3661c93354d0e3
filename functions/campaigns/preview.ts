/**
 * POST /v1/campaigns/preview — what a create, update, delete or duplicate would do, writing nothing:
 * the target campaign, the resulting name, desired outcomes, budget and derived status, the fields
 * that would change, and warnings (problems a write would refuse are warnings here too, such as an
 * end before the start).
 */
import * as z from 'zod/mini';
import { campaignFields, getCampaign, type Campaign, type CampaignFields } from '../../shared/db/campaigns/index.ts';
import { campaignStatus } from '../../shared/domain/campaign-status.ts';
import { formatCount } from '../../shared/domain/words/index.ts';
import { defineHandler } from '../../shared/http/handler.ts';
import { routeByKey } from '../routes/campaigns.ts';
import { invalidInput, notFound } from '../../shared/http/problem.ts';
import { ok } from '../../shared/http/result.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { checkMinorUnit } from '../../shared/schemas/money.ts';
import { campaignFieldInputs } from './inputs.ts';
import { duplicateFields, warningsFor } from './plan.ts';
import { campaignView, changedFields, isActiveMember } from './views.ts';
import { CampaignPreviewRecord } from '../../shared/schemas/records/campaign.ts';
import { okReply } from '../../shared/schemas/records/reply.ts';
import { timeZoneOf } from '../../shared/records/tenant.ts';

const OPERATIONS = ['create', 'update', 'delete', 'duplicate'] as const;

export const handler = defineHandler({
  route: routeByKey('POST /v1/campaigns/preview'),
  output: okReply(CampaignPreviewRecord),
  input: z.strictObject({
    organizationId: Uuid,
    operation: z.enum(OPERATIONS),
    id: z.optional(Uuid),
    ...campaignFieldInputs,
  }),
  run: async ({ input, tenant: scope }) => {
    const { organizationId, operation, id, ...given } = input;
    const tenant = scope.details;
    checkMinorUnit(given.budget, tenant.currency, 'budget');
    let target: Campaign | undefined;
    if (operation !== 'create') {
      if (!id)
        throw invalidInput(`id is required to preview ${operation}.`, [
          { path: 'id', message: `Required for ${operation}.` },
        ]);
      target = await getCampaign(organizationId, id);
      if (!target) throw notFound('The campaign');
    }
    const ownerMember = async (ownerUserId: string | null) =>
      !ownerUserId || (await isActiveMember(organizationId, ownerUserId));
    let fields: CampaignFields;
    let changed: string[];
    const warnings: string[] = [];
    if (operation === 'create') {
      fields = campaignFields({ ...given, name: given.name ?? '' });
      changed = changedFields({}, given);
      if (!given.name) warnings.push('A name is required to create a campaign.');
    } else if (operation === 'update') {
      changed = changedFields(target!, given);
      fields = { ...target!, ...Object.fromEntries(changed.map((f) => [f, given[f as keyof typeof given]])) };
    } else if (operation === 'duplicate') {
      fields = duplicateFields(target!, given, await ownerMember(target!.ownerUserId));
      changed = changedFields(campaignFields({ name: '' }), fields);
    } else {
      fields = target!;
      changed = ['deleted', ...(target!.activitiesCount ? ['activities'] : [])];
      if (target!.activitiesCount)
        warnings.push(
          `Deleting unlinks ${formatCount(target!.activitiesCount)} activities from the campaign; this cannot be undone.`,
        );
    }
    if (operation !== 'delete') {
      const ownerChecked = operation === 'duplicate' || changed.includes('ownerUserId');
      warnings.push(
        ...warningsFor({
          fields,
          spend: operation === 'update' ? target!.spend : {},
          tenant,
          ownerIsMember: ownerChecked ? await ownerMember(fields.ownerUserId) : true,
        }),
      );
    }
    return ok({
      operation,
      target: target ? { id: target.id, name: target.name, status: campaignView(target, tenant).status } : null,
      name: fields.name || null,
      desiredOutcomes: fields.desiredOutcomes,
      budget: fields.budget,
      changedFields: changed,
      status: campaignStatus(fields, timeZoneOf(tenant)),
      warning: warnings[0] ?? null,
      warnings,
    });
  },
});
