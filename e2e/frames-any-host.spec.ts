import { expect, test, type Page } from '@playwright/test';
import { ADMIN, E2E_PORT, signInViaApi } from './fixtures';
import { createNsbiCustomer } from './support/nsbi';

/**
 * The portal's frames (report views, Analysis, API summary, BI designer) render
 * whatever host name the browser used: the built-in simulators are addressed by path, and the CSP
 * lets pages frame them. The server's APP_URL names 127.0.0.1; the journey opens localhost too.
 */
const ORIGINS = [`http://127.0.0.1:${E2E_PORT}`, `http://localhost:${E2E_PORT}`];

/** The frame's own page is there (its heading drawn), not Chromium's "This content is blocked". */
async function expectFrameRenders(page: Page, frameTitle: string, heading: string | RegExp) {
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`);
  await expect(frame.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

for (const origin of ORIGINS) {
  test(`every frame renders when the portal is opened at ${new URL(origin).hostname}`, async ({
    page,
    request,
  }, testInfo) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|frame-src|refused to frame/i.test(message.text()))
        blocked.push(message.text());
    });

    const customer = await createNsbiCustomer(request);
    await signInViaApi(page, customer, '/nsbi', origin);
    await page
      .getByRole('list', { name: 'Dashboards' })
      .getByRole('link', { name: /Executive Summary/ })
      .click();
    await expectFrameRenders(page, 'Executive Summary', 'Executive Summary');
    expect(new URL(page.url()).origin).toBe(origin);

    await page.goto(`${origin}/analysis`);
    await expectFrameRenders(page, 'Analysis', /analysis/i);

    await signInViaApi(page, ADMIN, '/dev-resources/software/api-summary', origin);
    await expectFrameRenders(page, 'Tattle Systems API', 'Tattle Systems API');
    await page.goto(`${origin}/admin/tools/bi-designer`);
    await expectFrameRenders(page, 'BI Designer', /.+/);
    await page.screenshot({ path: testInfo.outputPath('bi-designer.png') });

    expect(blocked).toEqual([]);
  });
}
