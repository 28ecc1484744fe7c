import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES, VALIDATION, type Passkey } from '@portal/contract';
import { json, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { PasskeysCard } from './passkeys-card';

// The ceremony needs a real authenticator (the e2e journey has Chromium's virtual one): here it
// stands in for the browser's prompt and the POST that follows it.
const registerPasskey = vi.hoisted(() => vi.fn());
vi.mock('../passkey-registration', () => ({ registerPasskey }));

const passkey = (over: Partial<Passkey>): Passkey => ({
  id: 1,
  name: 'Work laptop',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: null,
  backupEligible: true,
  backedUp: true,
  ...over,
});

/** WebAuthn as a browser in a secure context has it (jsdom has none). */
function withWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('isSecureContext', true);
}

afterEach(() => {
  vi.unstubAllGlobals();
  registerPasskey.mockReset();
});

describe('Passkeys card', () => {
  it('says when the browser cannot use passkeys, and lists none yet', async () => {
    mockApi({ 'GET auth/passkeys': { body: { data: [] } } });
    renderWithProviders(<PasskeysCard />);
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument();
    expect(screen.getByText(PASSKEY_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  });

  it('adds a named passkey through the ceremony; a cancelled prompt keeps the dialog', async () => {
    withWebAuthn();
    let list: Passkey[] = [];
    mockApi({ 'GET auth/passkeys': () => ({ body: { data: list } }) });
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    registerPasskey.mockRejectedValueOnce(cancelled).mockImplementationOnce(async (name: string) => {
      list = [passkey({ name })];
      return { data: list[0], message: PASSKEY_MESSAGES.added };
    });
    const user = userEvent.setup();
    renderWithProviders(<PasskeysCard />);

    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Name is a required field')).toBeInTheDocument();
    expect(registerPasskey).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Name/), ' Phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(PASSKEY_MESSAGES.cancelled)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.added)).toBeInTheDocument();
    expect(registerPasskey).toHaveBeenLastCalledWith('Phone');
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    expect(within(table).getByText('Phone')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
  });

  it('renames, and removes with the current password (a wrong one is said under the field)', async () => {
    withWebAuthn();
    let list = [passkey({ lastUsedAt: new Date().toISOString() })];
    const api = mockApi({
      'GET auth/passkeys': () => ({ body: { data: list } }),
      'PATCH auth/passkeys/1': ({ body }) => {
        list = [passkey({ name: (body as { name: string }).name })];
        return { body: { data: list[0], message: PASSKEY_MESSAGES.renamed } };
      },
      'DELETE auth/passkeys/1': ({ body }) => {
        if ((body as { current_password: string }).current_password !== 'right one')
          return json(422, {
            message: VALIDATION.currentPasswordWrong,
            errors: { current_password: [VALIDATION.currentPasswordWrong] },
          });
        list = [];
        return { body: { message: PASSKEY_MESSAGES.removed } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PasskeysCard />);

    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(rename).getByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'Desk laptop');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.renamed)).toBeInTheDocument();
    expect(api.calls('PATCH auth/passkeys/1')[0]!.body).toEqual({ name: 'Desk laptop' });

    await user.click(await screen.findByRole('button', { name: 'Remove Desk laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove passkey' });
    expect(confirm).toHaveTextContent('Enter your current password to remove “Desk laptop”.');
    await user.type(within(confirm).getByLabelText('Current password'), 'wrong one');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText(VALIDATION.currentPasswordWrong)).toBeInTheDocument();

    await user.clear(within(confirm).getByLabelText('Current password'));
    await user.type(within(confirm).getByLabelText('Current password'), 'right one');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/No passkeys yet/)).toBeInTheDocument());
    expect(api.calls('DELETE auth/passkeys/1').map((c) => c.body)).toEqual([
      { current_password: 'wrong one' },
      { current_password: 'right one' },
    ]);
  });
});
