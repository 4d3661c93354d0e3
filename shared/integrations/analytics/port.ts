/**
 * Web analytics as the service needs it (Google Analytics 4 in the cloud, cloud.ts): an owner's
 * OAuth grant (authorization URL with PKCE, code exchange, access tokens, revocation), the
 * properties the grant can read, and reports. Its failures are these errors, whatever the provider.
 */
import { RateLimitedError } from '../../domain/errors.ts';

/** The provider refused the grant (revoked, expired): the owner must connect again. */
export class GrantRevokedError extends Error {}

/** The provider's quota is spent for now: try again later. */
export class QuotaExceededError extends Error {}

/** How long a caller is asked to wait when Google could not answer. */
export const GOOGLE_RETRY_AFTER_SECONDS = 30;

/**
 * Google could not answer now (unreachable, timed out, or a 5xx): a request that needs it answers
 * 429 with Retry-After, as for file storage, never a 500; the import job retries on its next run.
 */
export class GoogleUnavailableError extends RateLimitedError {
  constructor() {
    super('Google Analytics could not be reached just now; retry shortly.', GOOGLE_RETRY_AFTER_SECONDS);
  }
}

/** The report asked for a dimension or metric the property does not have (a custom dimension not registered). */
export class UnknownFieldError extends Error {}

export interface ReadableProperty {
  propertyId: string;
  displayName: string;
}

/** One row of a report: the dimension values and metric values by their API names. */
export type ReportRow = { dimensions: Record<string, string>; metrics: Record<string, number> };

export interface ReportRequest {
  /** First and last day (`YYYY-MM-DD`), both included. */
  from: string;
  to: string;
  dimensions: string[];
  metrics: string[];
}

export interface Analytics {
  /** A new single-use `state`, a PKCE verifier, and the authorization URL that carries both (the challenge of the verifier). */
  authorizationRequest(): Promise<{ url: string; state: string; codeVerifier: string }>;
  /** Exchanges an authorization's code (with the verifier of its state) for the refresh token. */
  exchangeCode(code: string, state: string, codeVerifier: string): Promise<string>;
  /** A fresh access token for the stored refresh token; `GrantRevokedError` when the provider refuses it. */
  accessTokenFor(refreshToken: string): Promise<string>;
  /** Revokes the grant; one already revoked counts as revoked. */
  revoke(refreshToken: string): Promise<void>;
  /** The properties the grant can read. */
  readableProperties(accessToken: string): Promise<ReadableProperty[]>;
  /** A report over the request's days, every page, as rows keyed by name. */
  runReport(accessToken: string, propertyId: string, request: ReportRequest): Promise<ReportRow[]>;
}
