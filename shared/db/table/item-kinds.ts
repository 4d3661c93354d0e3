/**
 * What kind of record a raw item is, for code that meets items outside the data layer's own reads:
 * the stream consumers (outbound events, email delivery) classify the images they are handed.
 */
export { isEntity, type Entity } from './keys.ts';
