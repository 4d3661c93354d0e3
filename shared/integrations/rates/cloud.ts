/**
 * The ECB's files over HTTPS (docs/decisions.md "Money and metrics"): `eurofxref-hist.xml`,
 * `eurofxref-hist-90d.xml` and `eurofxref-daily.xml` under `ECB_RATES_URL` (the ECB's own address
 * by default). `npm start` and the tests point it at the local stand-in serving the repository's
 * copy of the 90-day file (infra/local/fakes/ecb.ts): that configuration is the local implementation.
 */
import { parseEcbFile } from './parse.ts';
import { EcbFileError, type EcbFile, type EcbFiles, type Publication } from './port.ts';

const ECB = 'https://www.ecb.europa.eu/stats/eurofxref/';

export const FILE_NAMES: Readonly<Record<EcbFile, string>> = {
  history: 'eurofxref-hist.xml',
  ninetyDays: 'eurofxref-hist-90d.xml',
  daily: 'eurofxref-daily.xml',
};

const base = () => process.env.ECB_RATES_URL || ECB;

export const ecbFiles: EcbFiles = {
  async read(file: EcbFile): Promise<Publication[]> {
    const url = new URL(FILE_NAMES[file], base());
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new EcbFileError(`${url} answered ${response.status}.`);
    return parseEcbFile(await response.text());
  },
};
