import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BI_MESSAGES, MESSAGES } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const nora = buildUser({ id: 5, nsbi: true });
const BI = 'http://bi.test';
let minted = 0;
const token = () => {
  minted += 1;
  return {
    body: {
      data: {
        logOnToken: `tok-${minted}`,
        url: `${BI}/Dashboard/d-fleet?e=false&vo=viewonly&logonTokenId=tok-${minted}`,
      },
    },
  };
};

function renderDetails(more: Record<string, MockHandler | MockReply> = {}) {
  signIn(nora);
  const http = mockApi({
    'GET auth/me': { body: { data: nora } },
    'GET dundas-bi/project/project-items': { body: { data: [] } },
    'GET dundas-bi/log-on/token': token,
    'POST user-logs/increase-report-clicks': { status: 204 },
    ...more,
  });
  renderApp({
    pathname: '/nsbi/d-fleet/view',
    state: { name: 'Fleet Overview', source: 'dundas', type: 'dashboard' },
  });
  return http;
}

const frame = () => screen.findByTitle('Fleet Overview', {}, { timeout: 5000 });
const biSays = (type: string, origin = BI) =>
  act(() => window.dispatchEvent(new MessageEvent('message', { origin, data: { source: 'nsbi', type } })));

describe('Report details', () => {
  it('embeds the BI view with a fresh log-on token for this item and counts the open once', async () => {
    const http = renderDetails();
    const iframe = await frame();
    // Sandboxed: it cannot navigate the portal's tab nor open pop-ups; its messages keep their origin.
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-downloads');
    expect(iframe.getAttribute('src')).toMatch(
      /^http:\/\/bi\.test\/Dashboard\/d-fleet\?e=false&vo=viewonly&logonTokenId=tok-\d+$/,
    );
    // One token per open: the route loader's answer is the one the page shows (it is spent once).
    expect(http.calls('GET dundas-bi/log-on/token')).toHaveLength(1);
    expect(http.calls('GET dundas-bi/log-on/token')[0]?.url.searchParams.get('item')).toBe('d-fleet');
    expect(screen.getByRole('heading', { name: 'Fleet Overview' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NS BI' })).toHaveAttribute('href', '/nsbi');
    // Counted after the view is drawn (an effect): on a busy machine the call may come a moment later.
    await waitFor(() =>
      expect(
        http.calls('POST user-logs/increase-report-clicks').map((c) => c.url.searchParams.get('report_id')),
      ).toEqual(['d-fleet']),
    );
  });

  it('when the BI session ends, says so; Reload gets a new token without leaving the page', async () => {
    const http = renderDetails();
    const first = (await frame()).getAttribute('src');
    await biSays('session-expired', 'http://elsewhere.test'); // another origin is not listened to
    expect(screen.queryByText(BI_MESSAGES.viewExpired('dashboard'))).not.toBeInTheDocument();
    await biSays('session-expired');
    expect(await screen.findByText(BI_MESSAGES.viewExpired('dashboard'))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(async () => expect((await frame()).getAttribute('src')).not.toBe(first));
    expect(screen.queryByText(BI_MESSAGES.viewExpired('dashboard'))).not.toBeInTheDocument();
    expect(http.calls('GET dundas-bi/log-on/token')).toHaveLength(2);
  });

  it("says 'Please contact NSBI to view this report' for an item that is not view-only", async () => {
    renderDetails({
      'GET dundas-bi/log-on/token': {
        status: 403,
        body: { message: BI_MESSAGES.notViewOnly('NSBI', 'report') },
      },
    });
    expect(
      await screen.findByText('Please contact NSBI to view this report', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Fleet Overview')).not.toBeInTheDocument();
  });

  it('a BI failure shows the message of docs/product.md with a retry', async () => {
    let fail = true;
    renderDetails({
      'GET dundas-bi/log-on/token': () =>
        fail ? { status: 502, body: { message: 'The BI server is not available.' } } : token(),
    });
    expect(await screen.findByText(MESSAGES.dashboardFetchFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await frame()).toBeInTheDocument();
  });
});
