/**
 * A route's summary and description come from its handler's leading doc comment
 * (`/** POST /v1/notes — creates a note on ... *\/`): the comment already says what the route
 * does, once. Its citations of files a reader of the document does not have (docs/decisions.md,
 * docs/spec/interface.md, source modules; also as DECISIONS.md and interface.md) are left out: the rule they cite is said in
 * words, in the comment or in the document's introduction.
 */
import { readFileSync } from 'node:fs';
import type { Route } from '../../functions/routes.ts';

const FUNCTIONS = new URL('../../functions/', import.meta.url);

export interface RouteText {
  summary: string;
  description: string;
}

/** The leading `/** ... *\/` block of a module as plain text. */
function leadingComment(source: string): string {
  const match = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match) return '';
  return match[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
    .join('\n')
    .trim();
}

/**
 * A citation of the specification ("DECISIONS.md", `interface.md, "States"`, `docs/decisions.md "Report
 * links"`), of a source module ("shared/db/x.ts `f`") or of a rules document beside the code ("shared/domain/x.md").
 */
const CITATION = String.raw`(?:(?:[\w-]+\/)*(?:DECISIONS|decisions|interface|design)\.md(?:,? "[^"]*")?|(?:[\w-]+\/)*[\w-]+\.(?:ts(?: \x60\w+\x60)?|md(?:,? "[^"]*"| \x60\w+\x60)?))`;

/** The text without its citations: a parenthesis that holds only one goes, as does one clause of a longer parenthesis. */
export function withoutCitations(text: string): string {
  return text
    .replace(new RegExp(String.raw`\s*\(${CITATION}\)`, 'g'), '')
    .replace(new RegExp(String.raw`,\s*${CITATION}(?=[,;)])`, 'g'), '');
}

export function routeText(route: Route): RouteText {
  const comment = leadingComment(readFileSync(new URL(`${route.handler}.ts`, FUNCTIONS), 'utf8'));
  // "METHOD /path — what it does": the part after the dash.
  const body = comment.includes(' — ') ? comment.slice(comment.indexOf(' — ') + 3) : comment;
  const description = withoutCitations(body.replace(/\s*\n\s*/g, ' ').trim());
  const first = description.split(/(?<=[^.])[.;:] |\. ?$| \(/)[0]!.trim();
  const summary = first ? first[0]!.toUpperCase() + first.slice(1) : route.key;
  return {
    summary: summary.length > 120 ? `${summary.slice(0, 117)}...` : summary,
    description: description || route.key,
  };
}
