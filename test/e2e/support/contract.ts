/**
 * The e2e side of the response contract (infra/local/response-contract.ts): `checkedFetch` is
 * `fetch` plus the check of every answer received over HTTP, headers and content type as sent, for
 * the e2e HTTP helpers that call the service; its local-only routes (`/local/...`) are not the API
 * and pass unchecked.
 */
import { contractViolation } from '../../../infra/local/response-contract.ts';

export { contractViolation };

/** The local-only routes (`/local/token`, `/local/outbox`) are not the API. */
const isApi = (url: URL) => !url.pathname.startsWith('/local/');

/** `fetch`, and the response checked against openapi.json (throws when the document does not describe it). */
export async function checkedFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? (input instanceof Request ? input.method : 'GET');
  const url = new URL(input instanceof Request ? input.url : input);
  const response = await fetch(input, init);
  if (!isApi(url)) return response;
  const text = await response.text();
  const violation = contractViolation(
    method,
    url.pathname,
    response.status,
    response.headers.get('content-type'),
    text,
  );
  if (violation) throw new Error(`Response contract (openapi.json): ${violation}`);
  return new Response([101, 204, 205, 304].includes(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
