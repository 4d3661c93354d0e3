// What the bundled dependencies take of node:http: @middy/util its STATUS_CODES, Stripe's client the module itself.
import { STATUS_CODES } from 'node:http';
import http from 'node:http';

export const notFound = STATUS_CODES[404];
export const agent = new http.Agent({ keepAlive: true }) instanceof http.Agent;
