/**
 * ISO 4217 currency codes in circulation, with their minor units (decimal places). Funds, metals,
 * test and "no currency" codes (XAU, XDR, XTS, XXX...) are left out: costs are money paid.
 */

const ZERO = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const THREE = 'BHD IQD JOD KWD LYD OMR TND';
const FOUR = 'CLF UYW';
const TWO =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE ' +
  'CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL ' +
  'HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR ' +
  'MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK ' +
  'SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD ' +
  'XCG YER ZAR ZMW ZWG';

const MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  (
    [
      [ZERO, 0],
      [TWO, 2],
      [THREE, 3],
      [FOUR, 4],
    ] as const
  ).flatMap(([codes, digits]) => codes.split(' ').map((code) => [code, digits] as const)),
);

/** The finest minor unit of any currency (4 decimal places: CLF, UYW). */
export const MAX_MINOR_UNITS = Math.max(...MINOR_UNITS.values());

export function isIsoCurrency(code: string): boolean {
  return MINOR_UNITS.has(code);
}

/** Decimal places of the currency's minor unit (2 for an unknown code). */
export function minorUnits(code: string): number {
  return MINOR_UNITS.get(code) ?? 2;
}

/** Rounds half away from zero to the currency's minor unit (docs/decisions.md "Report shapes"). */
export function roundMoney(amount: number, currency: string): number {
  const digits = minorUnits(currency);
  const factor = 10 ** digits;
  // The relative nudge undoes binary artefacts such as 1.005 * 100 = 100.49999999999999.
  const rounded = Math.round(Math.abs(amount) * factor * (1 + Number.EPSILON)) / factor;
  return Math.sign(amount) * rounded || 0;
}

/**
 * The `_meta.warnings` of a report whose spend map holds currencies other than the tenant's
 * (docs/decisions.md "Money and metrics": a currency with no rate stays apart, shown per currency): none when it holds none.
 */
export function otherCurrencyWarnings(spend: Record<string, number>, currency: string): string[] {
  const others = Object.keys(spend)
    .filter((c) => c !== currency)
    .sort();
  return others.length ? [`Costs in ${others.join(', ')} are shown per currency, not converted to ${currency}.`] : [];
}

/** Every amount of a per-currency map rounded to its minor unit; zero sums are left out. */
export function roundSpend(spend: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [currency, amount] of Object.entries(spend ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const value = roundMoney(Number(amount), currency);
    if (value !== 0) out[currency] = value;
  }
  return out;
}
