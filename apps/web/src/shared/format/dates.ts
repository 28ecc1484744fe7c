/**
 * Dates as the screens show them, with the browser's own Intl (decision 0028): the product shows
 * four fixed shapes, and a date library's `format` brought ~20 KB of formatters for them.
 * Local time, English month names, as DATE_DISPLAY_FORMAT ('MMM d, yyyy') describes.
 */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const two = (n: number) => String(n).padStart(2, '0');

/** `Nov 5, 2026`; the text as it came when it is no date. */
export function formatDay(value: string | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dayFormat.format(date);
}

/** `Nov 5, 2026, 09:07`, or `Nov 5, 2026, 09:07:03` with seconds. */
export function formatDayTime(value: string | Date, { seconds = false } = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
  return `${dayFormat.format(date)}, ${time}${seconds ? `:${two(date.getSeconds())}` : ''}`;
}

/** `2026-11-05 09:07:03`: sortable at a glance (the audit log). */
export function formatTimestamp(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** `5 minutes ago`, `yesterday`, `in 2 hours`: the largest whole unit; `now` under a minute. */
export function formatAgo(value: string | Date, now = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}
