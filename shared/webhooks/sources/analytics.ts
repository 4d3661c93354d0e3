/**
 * `analytics.connection_needs_reconnect`: Google refused the organization's stored grant and the
 * connection turns to needing reconnection (analytics.ts `markNeedsReconnect`); once, on that
 * transition. The connection is shown as the analytics routes show it (never its token).
 */
import { connectionFromItem, connectionView } from '../../db/analytics/index.ts';
import type { StreamChange } from '../../domain/webhook-events.ts';
import { inTenant, tenantIdOf, type Occurrence, type Source } from './source.ts';

async function occurrences({ oldImage, newImage }: StreamChange): Promise<Occurrence[]> {
  if (newImage?.status !== 'needs_reconnect' || oldImage?.status === 'needs_reconnect') return [];
  const tenantId = tenantIdOf(newImage);
  const previousStatus = connectionView(tenantId, oldImage && connectionFromItem(oldImage)).status;
  return [
    {
      type: 'analytics.connection_needs_reconnect',
      tenantId,
      data: { ...connectionView(tenantId, connectionFromItem(newImage)), previousStatus },
    },
  ];
}

export const analyticsSource: Source = { reads: (item) => inTenant(item) && item.sk === 'ANALYTICS', occurrences };
