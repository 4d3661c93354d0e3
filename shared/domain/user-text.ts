/**
 * Text users write (names, titles, labels) as the service holds it: what one line of it may not
 * hold, and how an email the service sends quotes it, so that it reads as its writer's words and
 * never as the service's own, nor as a link.
 */

/**
 * What no one-line text may hold (docs/decisions.md "Inputs"): control characters (C0, DEL, C1: CR and
 * LF would let a name add lines to an email), line and paragraph separators, and the bidirectional
 * marks (ALM, LRM, RLM), embeddings, overrides and isolates that make a text display differently
 * from what it is.
 */
export const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const NOT_ONE_LINE_RUNS = new RegExp(`${NOT_ONE_LINE.source}+`, 'gu');
/** Double quotes, straight and typographic, that a reader could take for the end of the quotation. */
const DOUBLE_QUOTES = /["\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\uFF02]/g;
/** The colon of a scheme's separator (`https://`, also with backslashes or in full-width forms). */
const SCHEME_COLON = /[:\uFF1A](?=\s*[/\\\uFF0F]{2})/gu;
/** A dot inside a word (`evil.example`, `www.`), ASCII or the ideographic and full-width ones that URLs accept as dots. */
const INNER_DOT = /(?<=\S)[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
/** An `@` inside a word (an address). */
const INNER_AT = /(?<=\S)[@\uFF20](?=\S)/gu;

/**
 * `text` made inert for the body of a plain-text email, to be put between double quotes: on one
 * line; no double quote that could end the quotation early (it becomes `'`); and no scheme, host or
 * address a mail client would turn into a link. The separators are bracketed the way shared
 * threat reports defang URLs (`https[:]//evil[.]example`, `ann[@]example[.]com`): readable, but
 * no client links it. A dot ending a sentence (`Inc. Europe`) is left alone.
 */
export function inertQuotation(text: string): string {
  return text
    .replace(NOT_ONE_LINE_RUNS, ' ')
    .trim()
    .replace(DOUBLE_QUOTES, "'")
    .replace(SCHEME_COLON, '[$&]')
    .replace(INNER_DOT, '[$&]')
    .replace(INNER_AT, '[$&]');
}
