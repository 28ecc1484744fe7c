import type { BiFile, Panel } from './catalog';
import { chartSvg, type Point } from './charts';
import { DAYS, dayLabel, FLEET_RECORDS, METRICS, perDay, perVehicle, total, VEHICLES } from './fleet-data';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
body{margin:0;font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;background:#f3f4f6;color:#111827}
header{background:#0f766e;color:#fff;padding:14px 24px;display:flex;justify-content:space-between;align-items:baseline}
header h1{margin:0;font-size:19px}header span{font-size:12px;opacity:.85}
main{padding:20px 24px;display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(min(420px,100%),1fr))}
.kpis{grid-column:1/-1;display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(150px,1fr))}
@media(max-width:480px){main{padding:12px}}
.kpi,.panel{background:#fff;border-radius:10px;box-shadow:0 1px 3px #0001;padding:14px 16px}
.kpi b{display:block;font-size:24px}.kpi small{color:#4b5563}
.panel h2{margin:0 0 8px;font-size:14px}.chart{width:100%;height:auto}
table{grid-column:1/-1;width:100%;border-collapse:collapse;background:#fff;border-radius:10px;overflow:hidden;box-shadow:0 1px 3px #0001}
th,td{padding:7px 10px;text-align:right;border-bottom:1px solid #e5e7eb}th:first-child,td:first-child{text-align:left}
th{background:#f9fafb;font-weight:600}
.message{max-width:460px;margin:80px auto;background:#fff;border-radius:12px;padding:28px;text-align:center;box-shadow:0 2px 10px #0001}
`;

function layout(title: string, subtitle: string, body: string, extraHead = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style>${extraHead}</head><body><header><h1>${escape(title)}</h1><span>${escape(subtitle)}</span></header>${body}</body></html>`;
}

function panelPoints(panel: Panel, now: Date): Point[] {
  if (panel.by === 'vehicle') return perVehicle(panel.metric);
  return perDay(panel.metric).map((value, day) => ({ label: dayLabel(day, now), value }));
}

function panelTitle(panel: Panel): string {
  const { label, unit } = METRICS[panel.metric];
  const measured = unit === label.toLowerCase() ? label : `${label} (${unit})`;
  return `${measured} ${panel.by === 'day' ? `per day, last ${DAYS} days` : 'per vehicle'}`;
}

const kpis = () =>
  `<section class="kpis">${(['trips', 'distance', 'fuel', 'alerts'] as const)
    .map(
      (m) =>
        `<div class="kpi"><small>${METRICS[m].label}, ${DAYS} days</small><b>${total(m).toLocaleString('en-US')} ${METRICS[m].unit}</b></div>`,
    )
    .join('')}</section>`;

function vehicleTable(): string {
  const rows = VEHICLES.map((vehicle) => {
    const mine = FLEET_RECORDS.filter((r) => r.vehicle === vehicle);
    const sum = (m: 'trips' | 'distance' | 'fuel' | 'alerts') => mine.reduce((s, r) => s + r[m], 0);
    const per100 = ((sum('fuel') / sum('distance')) * 100).toFixed(1);
    return `<tr><td>${vehicle}</td><td>${sum('trips')}</td><td>${sum('distance').toLocaleString('en-US')}</td><td>${sum('fuel')}</td><td>${per100}</td><td>${sum('alerts')}</td></tr>`;
  }).join('');
  return `<table aria-label="Per vehicle"><thead><tr><th>Vehicle</th><th>Trips</th><th>Distance (km)</th><th>Fuel (L)</th><th>L/100 km</th><th>Alerts</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A dashboard or report as the BI server draws it: its panels as charts over the fleet's data. */
export function viewPage(file: BiFile, now: Date): string {
  const panels = file.panels
    .map(
      (panel) =>
        `<section class="panel"><h2>${escape(panelTitle(panel))}</h2>${chartSvg(panel.kind, panelTitle(panel), panelPoints(panel, now))}</section>`,
    )
    .join('');
  const body = file.objectType === 'Dashboard' ? `${kpis()}${panels}` : `${panels}${vehicleTable()}`;
  return layout(file.name, `NS BI · ${file.objectType}`, `<main>${body}</main>`);
}

/**
 * What a view shows when its log-on token is missing, used or too old (HTTP 440), or the account
 * may not see it (403). `embed.js` tells the portal around the frame, so it can offer a reload.
 */
export function refusalPage(status: 440 | 403, scriptUrl: string): string {
  const [title, text] =
    status === 440
      ? ['Session expired', 'Your BI session has expired. Reload the page to open it again.']
      : ['Not allowed', 'You do not have permission to view this item.'];
  return layout(
    title,
    'NS BI',
    `<div class="message" data-bi-status="${status}"><h2>${title}</h2><p>${text}</p></div>`,
    `<script src="${escape(scriptUrl)}" defer></script>`,
  );
}

/** The designer without its log-on (production): nothing of the projects is shown. */
export function logOnPage(): string {
  return layout(
    'Log on',
    'NS BI',
    '<div class="message"><h2>Log on</h2><p>The designer needs the BI server\'s log-on.</p></div>',
    '',
  );
}

/** Posts the refusal to the embedding page (any origin may embed; the message carries no secret). */
export const EMBED_SCRIPT = `(function(){var el=document.querySelector('[data-bi-status]');if(!el||window.parent===window)return;window.parent.postMessage({source:'nsbi',type:el.getAttribute('data-bi-status')==='440'?'session-expired':'forbidden'},'*');})();`;

/**
 * The BI server's own front page (what "BI Designer" opens): the projects and what they hold.
 * A simulator cannot design dashboards; it shows what a designer would start from.
 */
export function designerPage(projects: Array<{ name: string; items: BiFile[] }>, demo: boolean): string {
  const sections = projects
    .map(
      (p) =>
        `<section class="panel"><h2>${escape(p.name)}</h2><ul>${p.items
          .map((f) => `<li>${escape(f.name)} <small>(${f.objectType})</small></li>`)
          .join('')}</ul></section>`,
    )
    .join('');
  const title = demo ? 'BI Demo Designer' : 'BI Designer';
  const note = `<section class="panel" style="grid-column:1/-1"><p>${
    demo
      ? 'The demo designer opens the demo project, Fleet Insights, to try things out safely.'
      : 'Projects on this BI server.'
  } This is the BI simulator: it shows the projects a designer would open, without editing.</p></section>`;
  return layout(title, 'NS BI · simulator', `<main>${note}${sections}</main>`);
}

/** The Analysis/AI page (docs/product.md §2): a long page of findings over the fleet data, drawn like the views. */
export function analysisPage(now: Date): string {
  const panels: Panel[] = [
    { kind: 'area', metric: 'distance', by: 'day' },
    { kind: 'line', metric: 'fuel', by: 'day' },
    { kind: 'bar', metric: 'alerts', by: 'vehicle' },
    { kind: 'pie', metric: 'trips', by: 'vehicle' },
    { kind: 'bar', metric: 'trips', by: 'day' },
    { kind: 'line', metric: 'alerts', by: 'day' },
  ];
  const findings = [
    'Distance dips every weekend while trips stay steady: shorter weekend routes.',
    'JHB-412 raises the most alerts: worth a driver review.',
    'Fuel per 100 km is highest on the DBN and JHB vehicles.',
  ];
  const body = `${kpis()}<section class="panel" style="grid-column:1/-1"><h2>Findings</h2><ul>${findings
    .map((f) => `<li>${escape(f)}</li>`)
    .join('')}</ul></section>${panels
    .map(
      (panel) =>
        `<section class="panel"><h2>${escape(panelTitle(panel))}</h2>${chartSvg(panel.kind, panelTitle(panel), panelPoints(panel, now))}</section>`,
    )
    .join('')}${vehicleTable()}`;
  return layout('Fleet analysis', 'NS BI · Analysis/AI', `<main>${body}</main>`);
}
