import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOGO_HEIGHT, type User } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const RESOURCE_LINKS = {
  analysis: '/sim/bi/analysis',
  apiSummary: '/sim/ts/docs',
  biDesigner: 'https://bi.example.com/',
  biDemoDesigner: 'https://bi.example.com/?demo=1',
  gen3Gen4Specs: '/docs/gen3-gen4-specs.pdf',
  apiDocs: '/api/v1.0/docs',
};

function renderAs(user: User, path = '/') {
  signIn(user);
  mockApi({
    'GET auth/me': { body: { data: user } },
    'GET system-settings': { body: { data: [] } },
    'GET resource-links': { body: { data: RESOURCE_LINKS } },
  });
  return renderApp(path);
}

describe('app layout', () => {
  it('gives admins the whole sidebar, the version label and the copyright year', async () => {
    renderAs(buildUser({ as: 'admin' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const label of [
      'Applications',
      'Developer Resources',
      'Software',
      'Hardware',
      'Admin',
      'Users',
      'Tools',
    ]) {
      expect(within(nav).getByText(label)).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(nav).getByRole('link', { name: 'Blocked Users' })).toHaveAttribute(
      'href',
      '/admin/users?blocked=1',
    );
    // Software and Hardware are pages, their entries always shown.
    expect(within(nav).getByRole('link', { name: 'Software' })).toHaveAttribute(
      'href',
      '/dev-resources/software',
    );
    expect(within(nav).getByRole('link', { name: 'Hardware' })).toHaveAttribute(
      'href',
      '/dev-resources/hardware',
    );
    expect(within(nav).getByRole('link', { name: 'Gen 3/Gen4 Specs' })).toHaveAttribute(
      'href',
      '/dev-resources/hardware/gen3-gen4-specs',
    );
    // The server's configuration, not a path fixed at build time.
    const designer = await within(nav).findByRole('link', { name: /BI Designer/ });
    expect(designer).toHaveAttribute('href', 'https://bi.example.com/');
    expect(designer).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: /API Docs/ })).toHaveAttribute('href', '/api/v1.0/docs');
    expect(within(nav).getByRole('link', { name: 'Dev Tools' })).toHaveAttribute('href', '/test');
    expect(within(nav).getByText('version 0.0.0-test')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });

  it('hides the API Docs link when the server serves no docs UI (production)', async () => {
    signIn(buildUser({ as: 'admin' }));
    mockApi({
      'GET auth/me': { body: { data: buildUser({ as: 'admin' }) } },
      'GET system-settings': { body: { data: [] } },
      'GET resource-links': { body: { data: { ...RESOURCE_LINKS, apiDocs: null } } },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: /BI Designer/ });
    expect(within(nav).queryByRole('link', { name: /API Docs/ })).not.toBeInTheDocument();
  });

  it('opens the Software page from the sidebar and keeps its entries shown', async () => {
    const { router } = renderAs(buildUser({ as: 'admin' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Software' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dev-resources/software'));
    expect(within(nav).getByRole('link', { name: 'API Summary' })).toBeVisible();
  });

  it('shows customers neither Developer Resources nor Admin', async () => {
    renderAs(buildUser({ as: 'customer' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByText('Developer Resources')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
  });

  it('shows developers Developer Resources but not Admin', async () => {
    renderAs(buildUser({ as: 'developer' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Developer Resources')).toBeInTheDocument();
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
  });

  it('has a user menu with My Profile, Change Logo, Settings and Logout', async () => {
    renderAs(buildUser({ name: 'Casey Customer' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Casey Customer' }));
    expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    await user.click(screen.getByRole('menuitem', { name: 'Change Logo' }));
    expect(await screen.findByRole('dialog', { name: 'Change Logo' })).toBeInTheDocument();
  });

  it('shows the logo 54 px high, and the footer as the page’s contentinfo beside main', async () => {
    renderAs(buildUser({ name: 'Casey Customer' }), '/profile');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByTestId('logo-default')).toHaveAttribute('height', String(LOGO_HEIGHT));
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
    expect(screen.getByRole('main')).not.toContainElement(footer);
  });

  it('shows the NS BI logo in NSBI mode', async () => {
    renderAs(buildUser({ nsbi: true }), '/profile');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByTestId('logo-nsbi')).toBeInTheDocument();
  });
});
