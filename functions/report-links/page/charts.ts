/**
 * The page's daily charts as inline SVG (no script, nothing loaded): one point per day, a labelled
 * value axis (0, half, the highest) and date axis (first, middle, last day), and axis titles. A line
 * with a dot per day or a bar per day, so the two read apart without colour; each names itself and
 * sums itself up in its title and description for a screen reader.
 */
import { html, type Markup } from './html.ts';

export interface DailyPoint {
  date: string;
  value: number;
}

export interface ChartOptions {
  /** Unique on the page: the ids of its title and description. */
  id: string;
  title: string;
  /** The value axis' title, with its unit ("Spend to date, GBP"). */
  valueTitle: string;
  /** How a value is written on the axis and in the description. */
  format: (value: number) => string;
  shape: 'line' | 'bars';
  /** The description's sentence about the values (the last, or the sum). */
  summary: string;
}

const WIDTH = 640;
const HEIGHT = 260;
const LEFT = 84;
const RIGHT = 16;
const TOP = 14;
const BOTTOM = 48;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;

const fixed = (n: number) => Number(n.toFixed(1));

export function dailyChart(points: readonly DailyPoint[], options: ChartOptions): Markup {
  const max = Math.max(0, ...points.map((p) => p.value));
  const top = max > 0 ? max : 1;
  const step = PLOT_W / Math.max(points.length, 1);
  const x = (i: number) => fixed(LEFT + step * i + step / 2);
  const y = (v: number) => fixed(TOP + PLOT_H - (Math.max(v, 0) / top) * PLOT_H);
  const ticks = max > 0 ? [0, max / 2, max] : [0];
  const labelled = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])].filter(
    (i) => i >= 0 && i < points.length,
  );
  const first = points[0]?.date ?? '';
  const last = points.at(-1)?.date ?? '';
  const marks =
    options.shape === 'bars'
      ? points.map((p, i) => {
          const height = fixed(TOP + PLOT_H - y(p.value));
          return html`<rect class="bar" x="${fixed(x(i) - Math.max(step * 0.35, 0.5))}" y="${y(p.value)}" width="${fixed(Math.max(step * 0.7, 1))}" height="${height}"><title>${p.date}: ${options.format(p.value)}</title></rect>`;
        })
      : [
          html`<polyline class="line" points="${points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}"/>`,
          points.map(
            (p, i) =>
              html`<circle class="dot" cx="${x(i)}" cy="${y(p.value)}" r="${points.length > 120 ? 1.5 : 2.5}"><title>${p.date}: ${options.format(p.value)}</title></circle>`,
          ),
        ];
  return html`<figure>
<figcaption id="${options.id}-caption">${options.title}</figcaption>
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${options.id}-title ${options.id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${options.id}-title">${options.title}</title>
<desc id="${options.id}-desc">${points.length} days from ${first} to ${last}, one ${options.shape === 'bars' ? 'bar' : 'point'} per day. ${options.summary}</desc>
${ticks.map((t) => html`<line class="grid" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(t)}" y2="${y(t)}"/><text x="${LEFT - 6}" y="${fixed(y(t) + 4)}" text-anchor="end">${options.format(t)}</text>`)}
<line class="axis" x1="${LEFT}" x2="${LEFT}" y1="${TOP}" y2="${TOP + PLOT_H}"/>
<line class="axis" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${TOP + PLOT_H}" y2="${TOP + PLOT_H}"/>
${marks}
${labelled.map((i) => html`<text x="${x(i)}" y="${TOP + PLOT_H + 16}" text-anchor="${i === 0 && points.length > 1 ? 'start' : i === points.length - 1 && points.length > 1 ? 'end' : 'middle'}">${points[i]!.date}</text>`)}
<text x="${LEFT + PLOT_W / 2}" y="${HEIGHT - 6}" text-anchor="middle">Day</text>
<text transform="translate(14 ${TOP + PLOT_H / 2}) rotate(-90)" text-anchor="middle">${options.valueTitle}</text>
</svg>
</figure>`;
}
