/**
 * How the direct-signal routes address their signal (not a handler): by the organization named in
 * the input and the signal id of the path, so a signal of another organization — or of one the
 * caller does not belong to — is 404 (docs/decisions.md "Errors": a record in the path).
 */
import { signalKey } from '../../shared/db/analytics/index.ts';

export const signalOf = async (input: { organizationId: string; signalId: string }) => ({
  tenantId: input.organizationId,
  recordKey: signalKey(input.organizationId, input.signalId),
});
