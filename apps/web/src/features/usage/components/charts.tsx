import { Box } from '@mantine/core';
import classes from './charts.module.css';

/**
 * Two small SVG charts for the usage page. Hand-drawn rather than a charting library (~90 KB
 * gzipped for recharts): three simple bar charts, each beside a table with the same numbers, which
 * is also what screen readers get (the SVG is hidden from them; decision 0014).
 */

const VIEW_W = 640;

/** A whole, round step for four grid lines that reach at least `max` (1, 2, 5, 10, 20, 25, 50, …). */
export function gridStep(max: number) {
  const wanted = Math.max(1, max / 4);
  for (let scale = 1; ; scale *= 10) {
    for (const base of [1, 2, 2.5, 5]) {
      const step = base * scale;
      if (Number.isInteger(step) && step >= wanted) return step;
    }
  }
}

/** Columns per day, two series side by side (NS BI clicks, report clicks). */
export function DailyColumns({ days }: { days: Array<{ day: string; nsbi: number; report: number }> }) {
  const height = 200;
  const step = gridStep(Math.max(...days.map((d) => Math.max(d.nsbi, d.report)), 0));
  const max = step * 4;
  const slot = VIEW_W / Math.max(days.length, 1);
  const bar = Math.max(1, slot * 0.38);
  const y = (v: number) => height - (v / max) * (height - 16);
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <Box className={classes.chart} aria-hidden>
      <svg viewBox={`0 0 ${VIEW_W} ${height + 24}`} role="presentation">
        {[1, 2, 3, 4].map((n) => (
          <g key={n}>
            <line x1={0} x2={VIEW_W} y1={y(step * n)} y2={y(step * n)} className={classes.grid} />
            <text x={0} y={y(step * n) - 3} className={classes.label}>
              {step * n}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <g key={d.day}>
            <rect
              x={i * slot + slot * 0.1}
              y={y(d.nsbi)}
              width={bar}
              height={height - y(d.nsbi)}
              className={classes.nsbi}
            />
            <rect
              x={i * slot + slot * 0.1 + bar}
              y={y(d.report)}
              width={bar}
              height={height - y(d.report)}
              className={classes.report}
            />
            {i % labelEvery === 0 && (
              <text
                x={i === 0 ? 0 : i * slot + slot / 2}
                y={height + 16}
                textAnchor={i === 0 ? 'start' : 'middle'}
                className={classes.label}
              >
                {d.day.slice(5)}
              </text>
            )}
          </g>
        ))}
      </svg>
    </Box>
  );
}

/** Room for the names left of the ranked bars (the table beside has them whole). */
const NAME_W = 200;
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Horizontal bars, longest first, each named: the top reports or users. */
export function RankedBars({ rows }: { rows: Array<{ key: string; label: string; value: number }> }) {
  const row = 26;
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Box className={classes.chart} aria-hidden>
      <svg viewBox={`0 0 ${VIEW_W} ${Math.max(row, rows.length * row)}`} role="presentation">
        {rows.map((r, i) => {
          const width = Math.max(2, (r.value / max) * (VIEW_W - NAME_W - 50));
          return (
            <g key={r.key}>
              <text x={0} y={i * row + row / 2 + 4} className={classes.label}>
                {shorten(r.label, 26)}
              </text>
              <rect
                x={NAME_W}
                y={i * row + 4}
                width={width}
                height={row - 8}
                rx={3}
                className={classes.report}
              />
              <text x={NAME_W + width + 6} y={i * row + row / 2 + 4} className={classes.label}>
                {r.value}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
