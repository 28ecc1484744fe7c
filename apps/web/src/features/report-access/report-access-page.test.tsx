import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BI_MESSAGES,
  REPORT_ACCESS_MESSAGES,
  type ReportItem,
  type ReportTreeNode,
  type UserReports,
} from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const nora = buildUser({ id: 5, name: 'Nora NSBI', nsbi: true });
const leaf = (
  id: string,
  name: string,
  type = 'dashboard',
  managedBy: 'TS' | null = null,
): ReportTreeNode => ({
  id,
  name,
  description: null,
  type,
  isLeaf: true,
  managedBy,
  children: [],
});
const folder = (id: string, name: string, children: ReportTreeNode[]): ReportTreeNode => ({
  id,
  name,
  description: null,
  type: 'folder',
  isLeaf: false,
  managedBy: null,
  children,
});
const item = (
  id: string,
  name: string,
  folderName: string | null,
  type = 'dashboard',
  managedBy: 'TS' | null = null,
): ReportItem => ({
  id,
  name,
  type,
  createdAt: '2026-10-15T09:00:00.000Z',
  initialViewOptions: 'viewonly',
  folderId: folderName ? `f-${folderName}` : null,
  folderName,
  friendlyLocationElements: folderName
    ? ['Fleet', 'casey@example.com', folderName]
    : ['Fleet', 'casey@example.com'],
  managedBy,
});
const REPORTS: UserReports = {
  tree: [
    folder('f-Operations', 'Operations', [
      leaf('d-fleet', 'Fleet Overview'),
      leaf('r-trips', 'Trips by Day', 'report'),
    ]),
    folder('f-Safety', 'Safety', [leaf('r-brake', 'Harsh Braking Events', 'report', 'TS')]),
  ],
  access: [
    { biReportId: 'd-fleet', isReadOnly: false },
    { biReportId: 'r-trips', isReadOnly: false },
    { biReportId: 'r-brake', isReadOnly: true },
  ],
  configured: false,
  items: [
    item('d-fleet', 'Fleet Overview', 'Operations'),
    item('r-trips', 'Trips by Day', 'Operations', 'report'),
    item('r-brake', 'Harsh Braking Events', 'Safety', 'report', 'TS'),
  ],
};

function renderAccess(more: Record<string, MockHandler | MockReply> = {}) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET users/5': { body: { data: nora } },
    'GET users/5/reports': { body: { data: REPORTS } },
    'POST users/5/reports': ({ body }) => ({
      body: {
        data: (body as { report_ids: string[] }).report_ids.map((id) => ({
          biReportId: id,
          isReadOnly: false,
        })),
      },
    }),
    ...more,
  });
  renderApp('/admin/users/5/reports');
  return { http, user: userEvent.setup() };
}

const check = (name: string) => screen.getByRole('checkbox', { name });
const preview = () => screen.getByRole('region', { name: 'Effective access' });

describe('Report access', () => {
  it('shows the project as a tree of checkboxes; TS-managed items ticked and read-only; the preview draws it', async () => {
    renderAccess();
    expect(
      await screen.findByRole('heading', { name: 'Report access - Nora NSBI' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(check('Fleet Overview')).toBeChecked();
    expect(check('Operations')).toBeChecked();
    const managed = check(`Harsh Braking Events ${BI_MESSAGES.managedSuffix}`);
    expect(managed).toBeChecked();
    expect(managed).toBeDisabled();
    expect(within(preview()).getByRole('list', { name: 'Folders' })).toHaveTextContent('Operations');
  });

  it('a folder ticks and clears its subtree, and is indeterminate when partly ticked; the preview follows', async () => {
    const { user } = renderAccess();
    await screen.findByRole('heading', { name: 'Effective access' }, { timeout: 5000 });
    await user.click(check('Operations'));
    expect(check('Fleet Overview')).not.toBeChecked();
    expect(check('Trips by Day')).not.toBeChecked();
    expect(within(preview()).queryByText('Fleet Overview')).not.toBeInTheDocument();
    expect(
      within(preview()).getByText(`Harsh Braking Events ${BI_MESSAGES.managedSuffix}`),
    ).toBeInTheDocument();

    await user.click(check('Trips by Day'));
    expect(check('Operations')).toHaveAttribute('data-indeterminate', 'true');
    expect(within(preview()).getByText('Trips by Day')).toBeInTheDocument();
  });

  it('saves the ticked items in one call and says so; refusals show their names', async () => {
    const { http, user } = renderAccess();
    await screen.findByRole('heading', { name: 'Effective access' }, { timeout: 5000 });
    await user.click(check('Fleet Overview'));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText(REPORT_ACCESS_MESSAGES.saved)).toBeInTheDocument();
    expect(http.calls('POST users/5/reports')[0]?.body).toEqual({ report_ids: ['r-trips'] });
  });

  it('shows the server’s reasons when it refuses', async () => {
    const { user } = renderAccess({
      'POST users/5/reports': {
        status: 422,
        body: { message: 'x', errors: { report_ids: [REPORT_ACCESS_MESSAGES.notInProject(['r-old'])] } },
      },
    });
    await screen.findByRole('heading', { name: 'Effective access' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText(REPORT_ACCESS_MESSAGES.notInProject(['r-old']))).toBeInTheDocument();
  });
});
