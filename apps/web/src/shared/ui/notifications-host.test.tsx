import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsHost } from './notifications-host';
import { TOAST_LIMIT, showToast } from './toast';

// The host alone (the app's providers mount one of their own once a toast is wanted).
const renderHost = () =>
  render(
    <MantineProvider>
      <NotificationsHost />
    </MantineProvider>,
  );

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('says each toast as an alert and takes it away when its time is up', () => {
    vi.useFakeTimers();
    renderHost();
    act(() => {
      showToast({ color: 'green', message: 'Logo saved!' });
      showToast({ color: 'red', title: 'Upload', message: 'Could not save the logo.' });
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Logo saved!',
      'UploadCould not save the logo.',
    ]);

    act(() => vi.advanceTimersByTime(3000)); // a success: 3 s
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'UploadCould not save the logo.',
    ]);
    act(() => vi.advanceTimersByTime(2000)); // a failure: 5 s
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes from its button, replaces a toast of the same id, and shows five at a time', async () => {
    renderHost();
    act(() => {
      showToast({ id: 'upload', message: 'Uploading…', autoClose: 60_000 });
      showToast({ id: 'upload', message: 'Uploaded', autoClose: 60_000 });
    });
    const [only] = screen.getAllByRole('alert');
    expect(only).toHaveTextContent('Uploaded');
    await userEvent.click(within(only!).getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      for (let i = 1; i <= TOAST_LIMIT + 2; i++) showToast({ message: `Toast ${i}`, autoClose: 60_000 });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_LIMIT);
    await userEvent.click(within(screen.getAllByRole('alert')[0]!).getByRole('button'));
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(`Toast ${TOAST_LIMIT + 1}`);
  });

  it('waits while the pointer rests on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    act(() => showToast({ color: 'red', message: 'Could not save the logo.' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.hover(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.unhover(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
