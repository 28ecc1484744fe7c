/**
 * Charts of the BI simulator's pages, drawn on the server as SVG: no script, nothing loaded from
 * elsewhere. Each returns a self-contained <svg> with a title for screen readers.
 */

export type Point = { label: string; value: number };
export type ChartKind = 'bar' | 'line' | 'area' | 'pie';

const WIDTH = 560;
const HEIGHT = 260;
const PAD = { top: 20, right: 16, bottom: 40, left: 48 };
const PALETTE = ['#2563eb', '#0d9488', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2'];

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A "nice" upper bound for the value axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value)!;
  return step * power;
}

function frame(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escape(title)}" class="chart"><title>${escape(title)}</title>${body}</svg>`;
}

/** Value axis with four grid lines; `x(i)`/`y(v)` place points inside the plot area. */
function axes(points: Point[], max: number) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = max * f;
      return `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/><text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="#6b7280">${Math.round(v)}</text>`;
    })
    .join('');
  const every = Math.ceil(points.length / 7);
  const slot = plotW / points.length;
  const labels = points
    .map((p, i) =>
      i % every === 0
        ? `<text x="${PAD.left + slot * (i + 0.5)}" y="${HEIGHT - PAD.bottom + 18}" text-anchor="middle" font-size="11" fill="#6b7280">${escape(p.label)}</text>`
        : '',
    )
    .join('');
  return { grid: grid + labels, y, slot, plotH };
}

function bar(title: string, points: Point[]): string {
  const max = niceMax(Math.max(...points.map((p) => p.value)));
  const { grid, y, slot } = axes(points, max);
  // A colour per category when there are few (vehicles); one colour along a time axis (days).
  const colour = (i: number) => (points.length <= PALETTE.length ? PALETTE[i]! : PALETTE[0]!);
  const bars = points
    .map((p, i) => {
      const x = PAD.left + slot * i + slot * 0.18;
      return `<rect x="${x}" y="${y(p.value)}" width="${slot * 0.64}" height="${y(0) - y(p.value)}" rx="3" fill="${colour(i)}"><title>${escape(`${p.label}: ${p.value}`)}</title></rect>`;
    })
    .join('');
  return frame(title, grid + bars);
}

function line(title: string, points: Point[], filled: boolean): string {
  const max = niceMax(Math.max(...points.map((p) => p.value)));
  const { grid, y, slot } = axes(points, max);
  const xy = points.map((p, i) => [PAD.left + slot * (i + 0.5), y(p.value)] as const);
  const path = xy.map(([x, yy], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${yy.toFixed(1)}`).join(' ');
  const area = filled
    ? `<path d="${path} L${xy.at(-1)![0].toFixed(1)},${y(0)} L${xy[0]![0].toFixed(1)},${y(0)} Z" fill="#2563eb" fill-opacity="0.15"/>`
    : '';
  const dots = xy
    .map(
      ([x, yy], i) =>
        `<circle cx="${x}" cy="${yy}" r="3" fill="#2563eb"><title>${escape(`${points[i]!.label}: ${points[i]!.value}`)}</title></circle>`,
    )
    .join('');
  return frame(
    title,
    `${grid}${area}<path d="${path}" fill="none" stroke="#2563eb" stroke-width="2.5"/>${dots}`,
  );
}

function pie(title: string, points: Point[]): string {
  const sum = points.reduce((s, p) => s + p.value, 0) || 1;
  const cx = 140;
  const cy = HEIGHT / 2;
  const r = 100;
  let angle = -Math.PI / 2;
  const slices = points
    .map((p, i) => {
      const sweep = (p.value / sum) * Math.PI * 2;
      const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
      angle += sweep;
      const [x2, y2] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
      const large = sweep > Math.PI ? 1 : 0;
      return `<path d="M${cx},${cy} L${x1.toFixed(1)},${y1.toFixed(1)} A${r},${r} 0 ${large} 1 ${x2.toFixed(1)},${y2.toFixed(1)} Z" fill="${PALETTE[i % PALETTE.length]}"><title>${escape(`${p.label}: ${p.value}`)}</title></path>`;
    })
    .join('');
  const legend = points
    .map(
      (p, i) =>
        `<rect x="290" y="${40 + i * 28}" width="14" height="14" rx="3" fill="${PALETTE[i % PALETTE.length]}"/><text x="312" y="${52 + i * 28}" font-size="13" fill="#1f2937">${escape(p.label)} — ${p.value} (${Math.round((p.value / sum) * 100)}%)</text>`,
    )
    .join('');
  return frame(title, slices + legend);
}

export function chartSvg(kind: ChartKind, title: string, points: Point[]): string {
  if (kind === 'bar') return bar(title, points);
  if (kind === 'pie') return pie(title, points);
  return line(title, points, kind === 'area');
}
