/**
 * `billing.status_changed`: the organization's billing status (docs/decisions.md "Billing", written by
 * shared/db/billing/billing.ts only) is not what it was. A change of plan or period alone, or a
 * restatement, causes nothing. The organization is shown as its record (without the caller's role
 * and the aggregate, which belong to a request, not to the organization).
 */
import { UNPAID } from '../../domain/billing.ts';
import { tenantFromItem } from '../../db/tenancy/index.ts';
import type { StreamChange } from '../../domain/webhook-events.ts';
import { inTenant, tenantIdOf, type Image, type Occurrence, type Source } from './source.ts';

/** Tenants stored before billing existed have never paid (tenants.ts `tenantFromItem`). */
const statusOf = (item: Image) => (item.billing as { status?: string } | undefined)?.status ?? UNPAID.status;

async function occurrences({ oldImage, newImage }: StreamChange): Promise<Occurrence[]> {
  if (!oldImage || !newImage || statusOf(oldImage) === statusOf(newImage)) return [];
  return [
    {
      type: 'billing.status_changed',
      tenantId: tenantIdOf(newImage),
      data: { ...tenantFromItem(newImage), previousStatus: statusOf(oldImage), status: statusOf(newImage) },
    },
  ];
}

export const billingSource: Source = { reads: (item) => inTenant(item) && item.sk === 'TENANT', occurrences };
