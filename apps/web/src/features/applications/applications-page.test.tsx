import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type User } from '@portal/contract';
import { openExternalPage, reloadPage } from '../../shared/page-navigation';
import { getSession } from '../../shared/session/session-store';
import { buildLdLink, buildTsLink, buildUser } from '../../test/builders';
import { deferred, json, mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderWithProviders, signIn } from '../../test/render';
import { ApplicationsPage } from './applications-page';

vi.mock('../../shared/page-navigation', () => ({ reloadPage: vi.fn(), openExternalPage: vi.fn() }));

const settings = (maintenance: '0' | '1') => ({
  body: { data: [{ key: 'maintenance_mode', value: maintenance }] },
});
const LD_URL = 'https://ld.example.test/app';
const TS_URL = 'https://ts.example.test/';
const linkedApps = {
  body: {
    data: [
      { app: 'ld', name: 'Live Dispatch', url: LD_URL },
      { app: 'ts', name: 'Tattle Systems', url: TS_URL },
    ],
  },
};
const ldLink = buildLdLink();
const tsLink = buildTsLink();

function renderPage(user: User) {
  signIn(user);
  renderWithProviders(<ApplicationsPage />);
}

/** The page's own calls, plus the ones a test adds. */
const pageApi = (more: Record<string, MockHandler | MockReply> = {}) =>
  mockApi({ 'GET system-settings': settings('0'), 'GET linked-apps': linkedApps, ...more });

describe('Applications', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    vi.mocked(openExternalPage).mockClear();
  });

  it('shows the three apps under the Applications title', async () => {
    pageApi();
    renderPage(buildUser({ nsbi: true }));
    expect(screen.getByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'NS BI' })).toHaveAttribute('href', '/nsbi');
    expect(screen.getByRole('group', { name: 'Tattle Systems' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Live Dispatch' })).toBeInTheDocument();
  });

  it('counts a click on NS BI (user-logs/increase-nsbi-clicks)', async () => {
    const http = pageApi({ 'POST user-logs/increase-nsbi-clicks': { status: 204 } });
    renderPage(buildUser({ nsbi: true }));
    await userEvent.setup().click(await screen.findByRole('link', { name: 'NS BI' }));
    await vi.waitFor(() => expect(http.calls('POST user-logs/increase-nsbi-clicks')).toHaveLength(1));
  });

  it('disables NS BI without the NSBI flag', async () => {
    pageApi();
    renderPage(buildUser({ nsbi: false }));
    const card = await screen.findByRole('group', { name: 'NS BI' });
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: 'NS BI' })).not.toBeInTheDocument();
  });

  it('disables NS BI with the maintenance message while maintenance mode is on', async () => {
    pageApi({ 'GET system-settings': settings('1') });
    renderPage(buildUser({ nsbi: true }));
    const message = await screen.findByText(MESSAGES.maintenance);
    const card = screen.getByRole('group', { name: 'NS BI' });
    expect(card).toContainElement(message);
    expect(card).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a loading state while the settings load', async () => {
    const reply = deferred(() => json(200, { data: [] }));
    mockApi({ 'GET system-settings': () => reply.promise });
    renderPage(buildUser({ nsbi: true }));
    const card = screen.getByRole('group', { name: 'NS BI' });
    expect(within(card).getByRole('status')).toHaveTextContent('Loading');
    reply.release();
    expect(await screen.findByRole('link', { name: 'NS BI' })).toBeInTheDocument();
  });

  it("says 'Oops! Could not fetch system settings.' when they fail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET system-settings': { status: 500, body: { message: 'Boom' } } });
    renderPage(buildUser({ nsbi: true }));
    expect(await screen.findByText(MESSAGES.settingsFetchFailed)).toBeInTheDocument();
  });

  it('marks unlinked TS and LD as disabled; their text opens the login modal titled by the app', async () => {
    pageApi();
    renderPage(buildUser({ ts: null, ld: null }));
    const user = userEvent.setup();

    const ts = screen.getByRole('group', { name: 'Tattle Systems' });
    const ld = screen.getByRole('group', { name: 'Live Dispatch' });
    // Not links to the apps; not aria-disabled either, which would disable the link text inside.
    expect(screen.queryByRole('link', { name: /Tattle Systems|Live Dispatch/ })).not.toBeInTheDocument();
    expect(ts).not.toHaveAttribute('aria-disabled');
    expect(ld).not.toHaveAttribute('aria-disabled');
    // …but marked for everyone: a visible badge, and the reason as the card's description.
    expect(within(ts).getByText('Not linked')).toBeInTheDocument();
    expect(ts).toHaveAccessibleDescription(MESSAGES.appUnlinked('Tattle Systems'));
    expect(ld).toHaveAccessibleDescription(MESSAGES.appUnlinked('Live Dispatch'));

    await user.click(within(ts).getByRole('button', { name: MESSAGES.appUnlinked('Tattle Systems') }));
    const tsModal = await screen.findByRole('dialog', { name: 'Tattle Systems' });
    expect(within(tsModal).getByLabelText(/^Email/)).toBeInTheDocument();
    expect(within(tsModal).queryByRole('link', { name: 'Forgot Password' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitForClosed();

    await user.click(within(ld).getByRole('button', { name: MESSAGES.appUnlinked('Live Dispatch') }));
    const ldModal = await screen.findByRole('dialog', { name: 'Live Dispatch' });
    expect(within(ldModal).getByLabelText(/^Username/)).toBeInTheDocument();
  });

  it('links LD: the code LD asks for, then success stores the user, closes the modal and reloads', async () => {
    const linked = buildUser({ ld: ldLink });
    const http = pageApi({
      'POST auth/link-ld': ({ body }) =>
        (body as { authKey?: string }).authKey === '4242'
          ? { body: { data: linked } }
          : {
              status: 202,
              body: { data: { message: 'Enter the one-time code Live Dispatch sent to your phone.' } },
            },
    });
    renderPage(buildUser({ ld: null }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: MESSAGES.appUnlinked('Live Dispatch') }));
    const modal = await screen.findByRole('dialog', { name: 'Live Dispatch' });
    await user.type(within(modal).getByLabelText(/^Username/), 'ld.demo');
    await user.type(within(modal).getByLabelText(/^Password/), 'Dispatch#2024{Enter}');
    await user.type(await within(modal).findByLabelText(/^Security code/), '4242{Enter}');

    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(getSession().user?.ld?.username).toBe('ld.demo');
    expect(http.calls('POST auth/link-ld').map((c) => c.body)).toEqual([
      { username: 'ld.demo', password: 'Dispatch#2024' },
      { username: 'ld.demo', password: 'Dispatch#2024', authKey: '4242' },
    ]);
    await waitForClosed();
  });

  it.each([
    [422, 'Invalid username or password.'],
    [502, 'Live Dispatch is not available right now. Please try again later.'],
  ])('shows the answer of a failed link (%i) in the modal and stays open', async (status, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    pageApi({ 'POST auth/link-ld': { status, body: { message } } });
    renderPage(buildUser({ ld: null }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: MESSAGES.appUnlinked('Live Dispatch') }));
    const modal = await screen.findByRole('dialog', { name: 'Live Dispatch' });
    await user.type(within(modal).getByLabelText(/^Username/), 'ld.demo');
    await user.type(within(modal).getByLabelText(/^Password/), 'nope{Enter}');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(message);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('a linked LD card links to the LD app', async () => {
    pageApi();
    renderPage(buildUser({ ld: ldLink }));
    const card = await screen.findByRole('link', { name: 'Live Dispatch' });
    expect(card).toHaveAttribute('href', LD_URL);
    expect(card).toHaveTextContent('linked as ld.demo');
  });

  it('a linked TS card checks the TS session, then opens TS', async () => {
    const check = deferred(() => json(200, { data: tsLink }));
    pageApi({ 'GET auth/tattle-user': () => check.promise });
    renderPage(buildUser({ ts: tsLink }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tattle Systems' }));
    expect(await screen.findByText('Checking your Tattle Systems session…')).toBeInTheDocument();
    check.release();
    await vi.waitFor(() => expect(openExternalPage).toHaveBeenCalledWith(TS_URL));
  });

  it('a TS session that ended marks the card unlinked and opens the modal again', async () => {
    pageApi({
      'GET auth/tattle-user': { status: 409, body: { message: 'Your Tattle Systems session has expired.' } },
      'GET auth/me': { body: { data: buildUser({ ts: null }) } },
    });
    renderPage(buildUser({ ts: tsLink }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tattle Systems' }));
    const modal = await screen.findByRole('dialog', { name: 'Tattle Systems' });
    // It says why it opened.
    expect(within(modal).getByRole('alert')).toHaveTextContent('Your Tattle Systems session has expired.');
    expect(
      within(screen.getByRole('group', { name: 'Tattle Systems' })).getByRole('button', {
        name: MESSAGES.appUnlinked('Tattle Systems'),
      }),
    ).toBeInTheDocument();
    expect(openExternalPage).not.toHaveBeenCalled();
  });
});

/** Mantine keeps a closing modal mounted through its transition. */
const waitForClosed = () => vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
