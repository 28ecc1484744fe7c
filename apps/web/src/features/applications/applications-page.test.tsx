import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type User } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { deferred, json, mockApi } from '../../test/fetch-mock';
import { renderWithProviders, signIn } from '../../test/render';
import { ApplicationsPage } from './applications-page';

const settings = (maintenance: '0' | '1') => ({
  body: { data: [{ key: 'maintenance_mode', value: maintenance }] },
});

function renderPage(user: User, onLinkRequest = vi.fn()) {
  signIn(user);
  renderWithProviders(<ApplicationsPage onLinkRequest={onLinkRequest} />);
  return onLinkRequest;
}

describe('Applications', () => {
  it('shows the three apps under the Applications title', async () => {
    mockApi({ 'GET system-settings': settings('0') });
    renderPage(buildUser({ nsbi: true }));
    expect(screen.getByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'NS BI' })).toHaveAttribute('href', '/nsbi');
    expect(screen.getByRole('group', { name: 'Tattle Systems' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Live Dispatch' })).toBeInTheDocument();
  });

  it('disables NS BI without the NSBI flag', async () => {
    mockApi({ 'GET system-settings': settings('0') });
    renderPage(buildUser({ nsbi: false }));
    const card = await screen.findByRole('group', { name: 'NS BI' });
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: 'NS BI' })).not.toBeInTheDocument();
  });

  it('disables NS BI with the maintenance message while maintenance mode is on', async () => {
    mockApi({ 'GET system-settings': settings('1') });
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

  it('marks unlinked TS and LD as disabled with a clickable link text', async () => {
    mockApi({ 'GET system-settings': settings('0') });
    const onLinkRequest = renderPage(buildUser({ ts: null, ld: null }));
    const user = userEvent.setup();

    const ts = screen.getByRole('group', { name: 'Tattle Systems' });
    const ld = screen.getByRole('group', { name: 'Live Dispatch' });
    expect(ts).toHaveAttribute('aria-disabled', 'true');
    expect(ld).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(ts).getByRole('button', { name: MESSAGES.appUnlinked('Tattle Systems') }));
    await user.click(within(ld).getByRole('button', { name: MESSAGES.appUnlinked('Live Dispatch') }));
    expect(onLinkRequest.mock.calls).toEqual([['ts'], ['ld']]);
  });
});
