/** The shared enumerations of docs/spec/interface.md. */
import * as z from 'zod/mini';
import { droppable } from '../records/lazy-schema.ts';
import { CHANNELS } from '../domain/channels.ts';
import { ROLES } from '../domain/roles.ts';

export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Singapore',
] as const;
export const Timezone = /* @__PURE__ */ droppable(() => z.nullable(z.enum(TIMEZONES)));

export const CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'JPY', 'SGD'] as const;
export const Currency = /* @__PURE__ */ droppable(() => z.enum(CURRENCIES));

export const Channel = /* @__PURE__ */ droppable(() => z.enum(CHANNELS));

export const MembershipRole = /* @__PURE__ */ droppable(() => z.enum(ROLES));

export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const AvatarContentType = /* @__PURE__ */ droppable(() => z.enum(AVATAR_CONTENT_TYPES));

export const VALUE_KINDS = ['count', 'currency', 'percentage', 'ratio', 'index', 'duration', 'other'] as const;
export const ValueKind = /* @__PURE__ */ droppable(() => z.enum(VALUE_KINDS));

export const SOURCE_METHODS = ['document_reported', 'manual', 'csv', 'api'] as const;
export const SourceMethod = /* @__PURE__ */ droppable(() => z.enum(SOURCE_METHODS));
