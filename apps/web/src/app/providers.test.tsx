import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getApiHooks } from '../shared/api/api-hooks';
import { ApiError } from '../shared/api/api-error';
import { AppProviders, wireApiHooks } from './providers';

let unwire = () => {};
afterEach(() => unwire());

describe('global API reactions', () => {
  it('sends an ended session to sign-in with status=401, remembering where the user was', () => {
    const navigate = vi.fn();
    unwire = wireApiHooks({
      navigate,
      currentLocation: () => ({ pathname: '/profile', search: '', hash: '' }),
    });
    getApiHooks().onUnauthorized?.();
    expect(navigate).toHaveBeenCalledWith('/login?status=401', {
      replace: true,
      state: { from: { pathname: '/profile', search: '', hash: '' } },
    });
  });

  it('shows a server failure as a toast', async () => {
    unwire = wireApiHooks({ navigate: vi.fn(), currentLocation: () => null });
    render(<AppProviders env="test">content</AppProviders>);
    getApiHooks().onServerError?.('Bad Gateway', new ApiError(502, 'Bad Gateway'));
    expect(await screen.findByText('Bad Gateway')).toBeInTheDocument();
  });
});
