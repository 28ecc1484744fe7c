import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BI_MESSAGES, MESSAGES, type ReportItem } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const nora = buildUser({ id: 5, name: 'Nora NSBI', nsbi: true });
const item = (over: Partial<ReportItem> & Pick<ReportItem, 'id' | 'name'>): ReportItem => ({
  type: 'dashboard',
  createdAt: '2026-10-15T09:00:00.000Z',
  initialViewOptions: 'viewonly',
  folderId: null,
  folderName: null,
  friendlyLocationElements: ['Fleet Insights', 'nora@example.com'],
  managedBy: null,
  ...over,
});
const ops = {
  folderId: 'f-ops',
  folderName: 'Operations',
  friendlyLocationElements: ['Fleet Insights', 'nora@example.com', 'Operations'],
};
const ITEMS: ReportItem[] = [
  item({ id: 'd-exec', name: 'Executive Summary' }),
  item({ id: 'd-fleet', name: 'Fleet Overview', ...ops }),
  item({ id: 'r-trips', name: 'Trips by Day', type: 'report', ...ops }),
  item({
    id: 'r-brake',
    name: 'Harsh Braking Events',
    type: 'report',
    managedBy: 'TS',
    folderId: 'f-safety',
    folderName: 'Safety',
    friendlyLocationElements: ['Fleet Insights', 'nora@example.com', 'Safety'],
  }),
];

function renderReports(path: string, more: Record<string, MockHandler | MockReply> = {}) {
  signIn(nora);
  const http = mockApi({
    'GET auth/me': { body: { data: nora } },
    'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    'GET dundas-bi/project/project-items': ({ url }) => ({
      body: { data: url.searchParams.get('refresh') ? ITEMS.slice(0, 1) : ITEMS },
    }),
    ...more,
  });
  return { ...renderApp(path), http };
}

const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });

describe('Reports (NS BI)', () => {
  it('in mobile mode a folder keeps its title and a way back to NS BI', async () => {
    sessionStorage.setItem('mobile_view', '1');
    try {
      renderReports('/nsbi/folder/f-ops');
      expect(await heading('Operations')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'NS BI' })).toHaveAttribute('href', '/nsbi');
      expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    } finally {
      sessionStorage.removeItem('mobile_view');
    }
  });

  it('shows an item that is not view-only as not openable, with the reason in place', async () => {
    const planner = item({
      id: 'r-plan',
      name: 'Route Planner',
      type: 'report',
      initialViewOptions: null,
      ...ops,
    });
    const board = item({ id: 'd-locked', name: 'Locked Board', initialViewOptions: 'edit' });
    renderReports('/nsbi', {
      'GET dundas-bi/project/project-items': { body: { data: [...ITEMS, planner, board] } },
    });
    await heading('NS BI');
    const tree = await screen.findByRole('navigation', { name: 'All reports' });
    expect(within(tree).queryByRole('link', { name: /Route Planner/ })).not.toBeInTheDocument();
    const reason = BI_MESSAGES.notViewOnly('NSBI', 'report');
    const entry = within(tree).getByRole('button', { name: /Route Planner/ });
    expect(entry).toHaveAttribute('aria-disabled', 'true');
    expect(entry).toHaveAccessibleDescription(reason);
    await userEvent.setup().click(entry);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);

    const cards = screen.getByRole('list', { name: 'Dashboards' });
    expect(within(cards).queryByRole('link', { name: /Locked Board/ })).not.toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: /Locked Board/ })).toHaveAccessibleDescription(
      BI_MESSAGES.notViewOnly('NSBI', 'dashboard'),
    );
  });

  it('shows folder tiles, the dashboards outside folders, and the report tree with TS-managed items disabled', async () => {
    renderReports('/nsbi');
    await heading('NS BI');
    const folders = await screen.findByRole('list', { name: 'Folders' });
    expect(within(folders).getByRole('link', { name: 'Operations folder, 2 items' })).toHaveAttribute(
      'href',
      '/nsbi/folder/f-ops',
    );
    const cards = screen.getByRole('list', { name: 'Dashboards' });
    expect(within(cards).getByRole('link', { name: /Executive Summary/ })).toHaveTextContent(
      'Added on Oct 15, 2026',
    );
    expect(within(cards).queryByText('Fleet Overview')).not.toBeInTheDocument(); // it lives in a folder

    const tree = screen.getByRole('navigation', { name: 'All reports' });
    expect(within(tree).getByRole('link', { name: 'Trips by Day' })).toHaveAttribute(
      'href',
      '/nsbi/r-trips/view',
    );
    expect(within(tree).getByText(`Harsh Braking Events ${BI_MESSAGES.managedSuffix}`)).toBeInTheDocument();
    expect(within(tree).queryByRole('link', { name: /Harsh Braking/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(tree).getByRole('button', { name: 'Operations' }));
    expect(within(tree).queryByRole('link', { name: 'Trips by Day' })).not.toBeInTheDocument();
  });

  it('a folder shows its own dashboards and reports, with breadcrumbs Dashboard > NS BI > folder', async () => {
    renderReports('/nsbi/folder/f-ops');
    await heading('Operations');
    expect(screen.getByRole('link', { name: 'NS BI' })).toHaveAttribute('href', '/nsbi');
    expect(
      within(screen.getByRole('list', { name: 'Dashboards' })).getByText('Fleet Overview'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Executive Summary')).not.toBeInTheDocument();
  });

  it('Refresh asks the BI server again and shows what it found', async () => {
    const { http } = renderReports('/nsbi');
    await screen.findByRole('list', { name: 'Folders' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Folders' })).not.toBeInTheDocument());
    expect(http.calls('GET dundas-bi/project/project-items').map((c) => c.url.search)).toEqual([
      '',
      '?refresh=1',
    ]);
  });

  it('says when there is nothing, and shows the failure with a retry', async () => {
    let fail = true;
    renderReports('/nsbi', {
      'GET dundas-bi/project/project-items': () =>
        fail
          ? { status: 502, body: { message: 'The BI server is not available right now.' } }
          : { body: { data: [] } },
    });
    expect(
      await screen.findByText(MESSAGES.dashboardsFetchFailed, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(BI_MESSAGES.noItems)).toBeInTheDocument();
  });

  it('shows the maintenance page while maintenance mode is on', async () => {
    const { http } = renderReports('/nsbi', {
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '1' }] } },
    });
    expect(await screen.findByText(MESSAGES.maintenancePage, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(http.calls('GET dundas-bi/project/project-items')).toHaveLength(0);
  });

  it('sends a user without the NSBI flag to the forbidden page', async () => {
    signIn(buildUser({ nsbi: false }));
    mockApi({ 'GET auth/me': { body: { data: buildUser({ nsbi: false }) } } });
    renderApp('/nsbi');
    expect(await screen.findByText(MESSAGES.forbiddenPage, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
