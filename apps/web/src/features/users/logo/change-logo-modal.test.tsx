import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, MESSAGES, type PortalFile, type User } from '@portal/contract';
import { buildUser } from '../../../test/builders';
import { json, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders, signIn } from '../../../test/render';
import { ChangeLogoModal } from './change-logo-modal';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const logo: PortalFile = {
  id: 31,
  user_id: 7,
  file_name: 'acme.png',
  public_url: '/files/31/acme.png',
  thumbnail_url: '/files/31/thumb.png',
};

function renderModal(target: User = buildUser({ id: 7, name: 'Casey Customer' })) {
  signIn(admin);
  const onClose = vi.fn();
  renderWithProviders(<ChangeLogoModal user={target} opened onClose={onClose} />);
  const user = userEvent.setup({ applyAccept: false });
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const hint = () => screen.getByText(/PNG or JPEG only, up to 10 MB\./);
  return { user, input, hint, onClose };
}

const png = (name = 'logo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('Change Logo modal', () => {
  it('turns the hint red for a file over 10 MB and does not upload it', async () => {
    const http = mockApi({});
    const { user, input, hint } = renderModal();
    expect(hint()).not.toHaveAttribute('data-invalid');
    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: LOGO_MAX_BYTES + 1 });
    await user.upload(input(), big);
    expect(hint()).toHaveAttribute('data-invalid', 'true');
    expect(hint()).toHaveAttribute('role', 'alert');
    expect(hint()).toHaveTextContent(LOGO_MESSAGES.tooLarge); // which rule
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(http.fetch).not.toHaveBeenCalled();
  });

  it('turns the hint red for a file that is not PNG or JPEG', async () => {
    mockApi({});
    const { user, input, hint } = renderModal();
    await user.upload(input(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(hint()).toHaveAttribute('data-invalid', 'true');
    expect(hint()).toHaveTextContent(LOGO_MESSAGES.fileType);
    expect(screen.queryByRole('img', { name: 'Preview of the chosen logo' })).not.toBeInTheDocument();
  });

  it('accepts exactly 10,240,000 bytes, previews and uploads it as multipart', async () => {
    const http = mockApi({ 'POST files/logo': json(201, { data: logo }) });
    const { user, input, hint } = renderModal();
    const file = png();
    Object.defineProperty(file, 'size', { value: LOGO_MAX_BYTES });
    await user.upload(input(), file);
    expect(hint()).not.toHaveAttribute('data-invalid');
    expect(screen.getByRole('img', { name: 'Preview of the chosen logo' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(MESSAGES.logoSaved)).toBeInTheDocument();
    const body = http.calls('POST files/logo')[0]?.body as FormData;
    expect(body.get('user_id')).toBe('7');
    expect(body.get('type')).toBe('logo');
    expect((body.get('file') as File).name).toBe('logo.png');
    expect(screen.getByRole('img', { name: 'Current logo of Casey Customer' })).toHaveAttribute(
      'src',
      logo.public_url,
    );
  });

  it("says 'Oops! Could not save the logo.' when the upload fails", async () => {
    mockApi({
      'POST files/logo': json(422, { message: 'The file must be a PNG or JPEG image.', errors: {} }),
    });
    const { user, input } = renderModal();
    await user.upload(input(), png());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(MESSAGES.logoSaveFailed)).toBeInTheDocument();
  });

  it('deletes the current logo', async () => {
    const http = mockApi({ 'DELETE files/31': json(204) });
    const { user } = renderModal(buildUser({ id: 7, name: 'Casey Customer', logo }));
    expect(screen.getByRole('img', { name: 'Current logo of Casey Customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete logo' }));
    expect(await screen.findByText(MESSAGES.logoDeleted)).toBeInTheDocument();
    expect(http.calls('DELETE files/31')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('No logo yet.')).toBeInTheDocument());
  });

  it('re-reads the signed-in user after changing your own logo', async () => {
    const http = mockApi({
      'POST files/logo': json(201, { data: { ...logo, user_id: 1 } }),
      'GET auth/me': { body: { data: { ...admin, logo: { ...logo, user_id: 1 } } } },
    });
    const { user, input } = renderModal(admin);
    await user.upload(input(), png());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(http.calls('GET auth/me')).toHaveLength(1));
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('user')!).logo.id).toBe(31));
  });
});
