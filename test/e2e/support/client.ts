/**
 * The typed client of the e2e tests (issue 12): openapi-fetch over the types generated from
 * openapi.json (openapi-types.ts), so a schema change breaks the build where it would break a
 * web client; every response it receives also goes through the contract check.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi-types.ts';
import { checkedFetch } from './contract.ts';

export type ApiClient = ReturnType<typeof createClient<paths>>;

/** A client of the service at `baseUrl`, sending `token` as its bearer token. */
export function apiClient(baseUrl: string, token?: string): ApiClient {
  return createClient<paths>({
    baseUrl,
    fetch: (request: Request) => checkedFetch(request),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}
