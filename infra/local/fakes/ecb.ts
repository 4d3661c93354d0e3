/**
 * The local stand-in of the ECB's euro reference rate files (docs/decisions.md "Money and
 * metrics"): serves the repository's copy of the ECB's own 90-day file of 2017-03-03
 * (shared/integrations/rates/data/), byte for byte, under each of the three names the cloud client
 * reads (`eurofxref-hist.xml`, `eurofxref-hist-90d.xml`, `eurofxref-daily.xml`): the stand-in's
 * history is those 64 publications, its daily file their newest. `ECB_RATES_URL` points the
 * service's client (shared/integrations/rates/cloud.ts) here. Any other path is 404; `failNext`
 * answers the next request 503 (a test of the client's failure).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FILE_NAMES } from '../../../shared/integrations/rates/cloud.ts';
import { STAND_IN_FILE } from '../../../shared/integrations/rates/local.ts';

export class FakeEcb {
  /** The paths requested, in order (tests read which files the client fetched). */
  readonly requested: string[] = [];
  private failing = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeEcb> {
    const file = readFileSync(STAND_IN_FILE);
    const names = new Set(Object.values(FILE_NAMES).map((name) => `/stats/eurofxref/${name}`));
    let fake: FakeEcb | undefined;
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      fake!.requested.push(path);
      if (fake!.failing > 0) {
        fake!.failing--;
        res.writeHead(503).end();
      } else if (req.method === 'GET' && names.has(path)) {
        res.writeHead(200, { 'content-type': 'text/xml' }).end(file);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeEcb(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/`);
    return fake;
  }

  /** The environment that points the service's ECB client here. */
  env(): Record<string, string> {
    return { ECB_RATES_URL: this.url };
  }

  /** Answers the next `count` requests 503. */
  failNext(count = 1): void {
    this.failing = count;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
