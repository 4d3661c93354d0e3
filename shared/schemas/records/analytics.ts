/** Records of web analytics (DECISIONS.md "Web analytics"): the connection routes' answers and the analytics reports. */
import * as z from 'zod/mini';
import { HdyhauMappingSchema } from '../../db/analytics.ts';
import { HDYHAU_CATEGORIES } from '../../domain/analytics.ts';
import { named } from './reply.ts';

const Share = z.nullable(z.number());
const Count = z.number();

/** Where to send the owner to grant read access to Google Analytics. */
export const AnalyticsAuthUrl = named('AnalyticsAuthUrl', z.object({ url: z.url(), expiresAt: z.string() }));

/** The organization's analytics connection (never its tokens). */
export const AnalyticsConnection = named(
  'AnalyticsConnection',
  z.object({
    organizationId: z.uuid(),
    status: z.enum(['awaiting_property', 'connected', 'needs_reconnect', 'disconnected']),
    propertyId: z.nullable(z.string()),
    propertyName: z.nullable(z.string()),
    lastImportAt: z.nullable(z.string()),
  }),
);

export const AnalyticsDayRecord = named('AnalyticsDay', z.object({ date: z.string(), sessions: Count, users: Count, pageViews: Count, successEvents: Count }));

export const HdyhauMappingRecord = named('HdyhauMapping', HdyhauMappingSchema);

export const HdyhauEvidenceRecord = named(
  'HdyhauEvidence',
  z.object({
    dimensionApiName: z.string(),
    responses: z.array(z.object({ rawValue: z.string(), successEvents: Count, sessions: Count, normalizedValue: z.nullable(z.string()), category: z.nullable(z.enum(HDYHAU_CATEGORIES)) })),
    categories: z.array(z.object({ category: z.string(), successEvents: Count })),
    totals: z.object({ successEvents: Count, answeredSuccessEvents: Count, creatorSuccessEvents: Count }),
    coverage: Share,
    creatorRelevance: Share,
    dataQualityFlags: z.array(z.string()),
    timeline: z.array(z.object({ date: z.string(), successEvents: Count, answeredSuccessEvents: Count, creatorSuccessEvents: Count })),
  }),
);

export const SignalAssociationSchema = z.nullable(
  z.union([z.object({ type: z.enum(['creator', 'campaign', 'activity']), id: z.uuid() }), z.object({ type: z.literal('referral_channel'), channel: z.enum(HDYHAU_CATEGORIES) })]),
);

export const DirectSignalRecord = named(
  'DirectSignal',
  z.object({ signalId: z.uuid(), kind: z.enum(['promo_code', 'tagged_link']), dimensionApiName: z.string(), value: z.string(), association: SignalAssociationSchema, ignored: z.boolean() }),
);

export const DirectSignalsRecord = named(
  'DirectSignals',
  z.object({
    signals: z.array(z.object({ ...DirectSignalRecord.def.shape, sessions: Count, dailyUsers: Count, successEvents: Count, daysSeen: Count })),
    headline: z.object({ signals: Count, mapped: Count, unmapped: Count, ignored: Count, sessions: Count, successEvents: Count }),
    referralChannels: z.array(z.object({ channel: z.string(), signals: Count, sessions: Count, dailyUsers: Count, successEvents: Count })),
    timeline: z.array(z.object({ date: z.string(), sessions: Count, dailyUsers: Count, successEvents: Count })),
  }),
);
