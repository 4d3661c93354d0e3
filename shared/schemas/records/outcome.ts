/** The outcome definition record (Reported outcomes group). */
import { OutcomeDefinitionSchema } from '../../records/outcome-definition.ts';
import { MeasurementSchema } from '../../records/outcome-measurement.ts';
import { named } from './reply.ts';

export const OutcomeDefinitionRecord = named('OutcomeDefinition', OutcomeDefinitionSchema);

/** A measured outcome of a campaign: its active claim's fields, the definition, and every claim, newest first. */
export const OutcomeMeasurementRecord = named('OutcomeMeasurement', MeasurementSchema);
