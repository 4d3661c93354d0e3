/**
 * The one reader of the ECB's euro reference rate files (`eurofxref-hist.xml`,
 * `eurofxref-hist-90d.xml`, `eurofxref-daily.xml`): a `gesmes:Envelope` whose `Cube time="..."`
 * elements hold `Cube currency="..." rate="..."` elements. The cloud client and the local stand-in
 * both parse with it, so the stand-in is what the real files give.
 */
import { EcbFileError, type Publication } from './port.ts';

const DAY = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
const QUOTE = /<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["']([0-9.]+)["']\s*\/>/g;

/** The publications of a file, in its order (newest first); throws on a file with none or a bad quote. */
export function parseEcbFile(xml: string): Publication[] {
  if (!xml.includes('eurofxref')) throw new EcbFileError('Not an ECB euro reference rate file.');
  const publications: Publication[] = [];
  for (const [, date, body] of xml.matchAll(DAY)) {
    const rates: Record<string, number> = {};
    for (const [, currency, rate] of body!.matchAll(QUOTE)) {
      const value = Number(rate);
      if (!(value > 0)) throw new EcbFileError(`Bad rate ${rate} for ${currency} on ${date}.`);
      rates[currency!] = value;
    }
    publications.push({ date: date!, rates });
  }
  if (!publications.length) throw new EcbFileError('The ECB file holds no publication.');
  return publications;
}

/** The publication of `day` or the last one before it, among `publications` in any order. */
export function onOrBefore(publications: readonly Publication[], day: string): Publication | undefined {
  let found: Publication | undefined;
  for (const p of publications) if (p.date <= day && (!found || p.date > found.date)) found = p;
  return found;
}
