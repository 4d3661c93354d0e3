/**
 * `outcome.measurement_recorded`: a measurement's evidence claim is recorded — its first with the
 * measurement, or a correction, which appends a claim and makes it the active one
 * (outcome-measurements.ts). A write that records no claim (a delete) causes nothing. The
 * measurement is shown as the outcome routes show it, with its claims as they were at that write.
 */
import { measurementAsWritten } from '../../db/evidence/index.ts';
import { isEntity } from '../../db/table/index.ts';
import type { StreamChange } from '../../domain/webhook-events.ts';
import { tenantIdOf, type Occurrence, type Source } from './source.ts';

async function occurrences({ oldImage, newImage }: StreamChange): Promise<Occurrence[]> {
  if (!newImage || newImage.deletedAt !== undefined || newImage.activeClaimId === oldImage?.activeClaimId) return [];
  const tenantId = tenantIdOf(newImage);
  const measurement = await measurementAsWritten(tenantId, newImage);
  const previousActiveClaimId = typeof oldImage?.activeClaimId === 'string' ? oldImage.activeClaimId : null;
  return [{ type: 'outcome.measurement_recorded', tenantId, data: { ...measurement, previousActiveClaimId } }];
}

export const outcomeSource: Source = { reads: (item) => isEntity(item, 'outcomeMeasurement'), occurrences };
