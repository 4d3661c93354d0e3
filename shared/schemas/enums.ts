/** The shared enumerations of interface.md. */
import * as z from 'zod/mini';
import { CHANNELS } from '../domain/channels.ts';
import { ROLES } from '../domain/roles.ts';

export const TIMEZONES = [
  'UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage',
  'Pacific/Honolulu', 'America/Toronto', 'America/Vancouver', 'Europe/London', 'Europe/Paris', 'Europe/Berlin',
  'Australia/Sydney', 'Australia/Melbourne', 'Pacific/Auckland', 'Asia/Tokyo', 'Asia/Singapore',
] as const;
export const Timezone = z.nullable(z.enum(TIMEZONES));

export const CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'JPY', 'SGD'] as const;
export const Currency = z.enum(CURRENCIES);

export const Channel = z.enum(CHANNELS);

export const MembershipRole = z.enum(ROLES);

export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const AvatarContentType = z.enum(AVATAR_CONTENT_TYPES);

export const VALUE_KINDS = ['count', 'currency', 'percentage', 'ratio', 'index', 'duration', 'other'] as const;
export const ValueKind = z.enum(VALUE_KINDS);

export const SOURCE_METHODS = ['document_reported', 'manual', 'csv', 'api'] as const;
export const SourceMethod = z.enum(SOURCE_METHODS);
