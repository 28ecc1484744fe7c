import { MOBILE_TARGET } from '@portal/contract';
import { routes } from '../routes';
import { isMobileView } from '../storage/mobile-view';

/**
 * Where a signed-out tab lands. Logout clears session storage (mobile_view included), so the mobile
 * target is carried in the URL to keep the mobile app's restricted mode across a sign-out.
 */
export function loginUrl(options: { status?: number; mobile?: boolean } = {}) {
  const query = new URLSearchParams();
  if (options.status) query.set('status', String(options.status));
  if (options.mobile ?? isMobileView()) query.set('target', MOBILE_TARGET);
  const search = query.toString();
  return search ? `${routes.login}?${search}` : routes.login;
}
