/**
 * How the direct-signal routes address their signal (not a handler): by the organization named in
 * the input and the signal id of the path, so a signal of another organization — or of one the
 * caller does not belong to — is 404 (DECISIONS.md "Errors": a record in the path).
 */
import { analyticsKeys } from '../../shared/db/table/keys.ts';

export const signalOf = async (input: { organizationId: string; signalId: string }) => ({
  tenantId: input.organizationId,
  recordKey: analyticsKeys.signal(input.organizationId, input.signalId),
});
