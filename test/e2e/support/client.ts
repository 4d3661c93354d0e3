/**
 * The client the e2e tests call the service with: the repository's client package
 * (`client/`, its sources, so that no build is needed first), typed from openapi.json, so a
 * schema change breaks the build where it would break a web client; every response it receives
 * also goes through the contract check.
 */
import { createClient, type ApiClient } from '../../../client/src/index.ts';
import { checkedFetch } from './contract.ts';

export type { ApiClient };

/** A client of the service at `baseUrl`, sending `token` as its bearer token. */
export function apiClient(baseUrl: string, token?: string): ApiClient {
  return createClient({ baseUrl, token, fetch: (request: Request) => checkedFetch(request) });
}
