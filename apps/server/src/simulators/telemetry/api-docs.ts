/**
 * The Tattle Systems API summary (docs/product.md §2 "API summary"): what the portal embeds under Developer
 * Resources. The simulator documents the subset it serves (docs/integrations.md "TS").
 */
const ENDPOINTS: Array<[method: string, path: string, what: string]> = [
  [
    'POST',
    '/api/login',
    'Sign in with {email, password}: the user, and a JSESSIONID cookie that opens a session.',
  ],
  [
    'GET',
    '/api/user',
    'The user of the session in the JSESSIONID cookie; 401 once it ended (30 minutes unused).',
  ],
  [
    'POST',
    '/api/sso/token',
    'A hand-off token for the signed-in user, to open the Customer Portal at /ext-login?token=….',
  ],
  [
    'POST',
    '/api/sso/introspect',
    'Whose hand-off token this is: {token} → {user}; each token answers once, within 60 s.',
  ],
];

export function apiDocsHtml(): string {
  const rows = ENDPOINTS.map(
    ([method, path, what]) =>
      `<tr><td><code>${method}</code></td><td><code>${path}</code></td><td>${what}</td></tr>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tattle Systems API</title>
<style>body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1d2433;background:#f4f5f7}header{background:#4c3fbf;color:#fff;padding:18px 32px}
h1{margin:0;font-size:22px}main{max-width:960px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0001}
table{width:100%;border-collapse:collapse}td,th{padding:10px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}code{background:#eef;padding:1px 5px;border-radius:4px}</style>
</head><body><header><h1>Tattle Systems API</h1></header><main>
<p>JSON over HTTPS. Sessions are cookies (<code>JSESSIONID</code>); sessions end after 30 minutes unused.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table>
</main></body></html>`;
}
