/**
 * The report page (docs/decisions.md "Report links"): the report's figures laid out, nothing computed.
 * Title, organization, period, headline figures with their basis, the two daily charts, the
 * activities (the first 50 by spend, then "and N more"), outcomes with their evidence, freshness,
 * coverage, warnings, and the evidence sentence. Every text a user wrote goes through `html`, which
 * escapes it; the page has no script and links only to the service's own documentation.
 */
import { countWords, moneyWords, NO_FIGURE, numberWords, shareWords } from '../../../shared/domain/words/figures.ts';
import type { LinkReport } from '../report.ts';
import { dailyChart } from './charts.ts';
import { headlineFigures } from './headline.ts';
import { html, Markup } from './html.ts';
import { STYLES } from './styles.ts';

/** docs/decisions.md "Reporting evidence": observations, never claims of cause. */
export const EVIDENCE_SENTENCE =
  'These are observed and recorded figures, not claims of cause: they say what was measured and spent, not what any creator or campaign caused.';

/** The service's own documentation: the one link the page has (same origin). */
const DOCS_PATH = '/docs';

export function reportPage(report: LinkReport): string {
  const heading = report.scope.title ?? report.scope.campaignName ?? `${report.scope.organizationName} report`;
  const money = (n: number | null) => moneyWords(n, report.currency);
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading}</title>
<style>${new Markup(STYLES)}</style>
</head>
<body>
<main>
<header>
<h1>${heading}</h1>
<p>${report.scope.organizationName}${report.scope.campaignName && report.scope.title ? html` · Campaign: ${report.scope.campaignName}` : ''}</p>
<p>Period: <time datetime="${report.period.startDate}">${report.period.startDate}</time> to <time datetime="${report.period.endDate}">${report.period.endDate}</time> (${report.period.timeZone}) · As of <time datetime="${report.period.asOf}">${report.period.asOf.slice(0, 16).replace('T', ' ')} UTC</time></p>
</header>
<section aria-labelledby="figures-heading">
<h2 id="figures-heading">Headline figures</h2>
<dl class="figures">
${headlineFigures(report).map((f) => html`<div class="figure"><dt>${f.label}</dt><dd class="value">${f.value}</dd><dd class="basis">${f.basis}</dd></div>`)}
</dl>
</section>
<section aria-labelledby="charts-heading">
<h2 id="charts-heading">Daily figures</h2>
${dailyChart(
  report.days.map((d) => ({ date: d.date, value: d.cumulativeSpend })),
  {
    id: 'spend',
    title: 'Cumulative spend',
    valueTitle: `Spend to date (${report.currency})`,
    format: money,
    shape: 'line',
    summary: `Spend to date on the last day: ${money(report.days.at(-1)?.cumulativeSpend ?? 0)}.`,
  },
)}
${dailyChart(
  report.days.map((d) => ({ date: d.date, value: d.impressions })),
  {
    id: 'impressions',
    title: 'Daily impressions',
    valueTitle: 'Impressions',
    format: countWords,
    shape: 'bars',
    summary: `Impressions over the period: ${countWords(report.days.reduce((sum, d) => sum + d.impressions, 0))}.`,
  },
)}
</section>
${activitiesSection(report)}
${outcomesSection(report)}
<section aria-labelledby="evidence-heading">
<h2 id="evidence-heading">Evidence</h2>
<ul>
<li>Freshness: ${report.freshness ? html`newest metric reading <time datetime="${report.freshness}">${report.freshness.slice(0, 16).replace('T', ' ')} UTC</time>` : 'no metric reading yet'}.</li>
<li>Coverage: ${shareWords(report.figures.deliveryCoverage)} of activities have metrics (${countWords(report.basis.activitiesWithMetrics)} of ${countWords(report.basis.activitiesTotal)}; ${countWords(report.basis.sources.api)} read from their platform, ${countWords(report.basis.sources.manual)} counted by hand).</li>
</ul>
<h3>Warnings</h3>
${report.warnings.length ? html`<ul>${report.warnings.map((w) => html`<li>${w}</li>`)}</ul>` : html`<p>None.</p>`}
<p class="note">${EVIDENCE_SENTENCE}</p>
</section>
<footer>
<p>A read-only report shared by link. Figures are those of the service's reporting API at the moment above (<a href="${DOCS_PATH}">API documentation</a>).</p>
</footer>
</main>
</body>
</html>`}\n`;
}

function activitiesSection(report: LinkReport): Markup {
  const { items, totalCount } = report.activities;
  const more = totalCount - items.length;
  const money = (n: number | null) => moneyWords(n, report.currency);
  return html`<section aria-labelledby="activities-heading">
<h2 id="activities-heading">Activities</h2>
${
  items.length
    ? html`<div class="table-wrap"><table>
<caption>${totalCount > items.length ? `The ${items.length} activities with the most spend, of ${countWords(totalCount)}` : `All ${countWords(totalCount)} activities, by spend`}</caption>
<thead><tr><th scope="col">Creator</th><th scope="col">Platform</th><th scope="col">Name</th><th scope="col">Published</th><th scope="col" class="num">Impressions</th><th scope="col" class="num">Engagement</th><th scope="col" class="num">Spend</th><th scope="col" class="num">CPM</th></tr></thead>
<tbody>
${items.map((a) => html`<tr><td>${a.creators.length ? a.creators.join(', ') : NO_FIGURE}</td><td>${a.channel}</td><th scope="row">${a.name}</th><td>${a.publishedAt ? a.publishedAt.slice(0, 10) : NO_FIGURE}</td><td class="num">${countWords(a.impressions)}</td><td class="num">${countWords(a.engagement)}</td><td class="num">${money(a.spend)}</td><td class="num">${money(a.cpm)}</td></tr>\n`)}
</tbody>
</table></div>
${more > 0 ? html`<p>and ${countWords(more)} more.</p>` : ''}`
    : html`<p>No activities.</p>`
}
</section>`;
}

function outcomesSection(report: LinkReport): Markup {
  const { measurements, definitions } = report.outcomes;
  return html`<section aria-labelledby="outcomes-heading">
<h2 id="outcomes-heading">Outcomes</h2>
${
  report.scope.kind === 'organization'
    ? html`<p>${definitions.length ? html`Conversions add up the recorded measurements of: ${definitions.map((d) => d.name).join(', ')}.` : 'No outcome measurement of kind count is recorded.'}</p>`
    : measurements.length
      ? html`<ul>${measurements.map((m) => html`<li><strong>${m.definition ?? 'Outcome'}</strong>: ${numberWords(m.value)}${m.unitLabel ? html` ${m.unitLabel}` : ''}${m.baselineValue !== null ? html` (baseline ${numberWords(m.baselineValue)})` : ''}. Evidence: ${m.sourceMethod}${m.periodStart ? html`, ${m.periodStart} to ${m.periodEnd ?? m.periodStart}` : ''}${m.market ? html`, market ${m.market}` : ''}${m.confidence !== null ? html`, confidence ${shareWords(m.confidence)}` : ''}.</li>`)}</ul>`
      : html`<p>No outcome measurement is recorded.</p>`
}
</section>`;
}
