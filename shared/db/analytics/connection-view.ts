/**
 * The analytics connection as the API shows it (the analytics routes, and the outbound events that
 * carry it): never its token; a connected property not imported yet is `importing`.
 */
import type { Connection } from './analytics.ts';

export function connectionView(organizationId: string, connection: Connection | undefined) {
  const importing = connection?.status === 'connected' && !connection.importedThrough;
  return {
    organizationId,
    status: importing ? ('importing' as const) : (connection?.status ?? ('disconnected' as const)),
    propertyId: connection?.propertyId ?? null,
    propertyName: connection?.propertyName ?? null,
    lastImportAt: connection?.lastImportAt ?? null,
  };
}
