import { MOBILE_TARGET, STORAGE_KEYS } from '@portal/contract';
import { sessionStore } from './browser-storage';

/** The mobile app opens `/login?target=mobile-app`; the tab then stays in the restricted mobile mode. */
export function rememberMobileTarget(url: URL) {
  if (url.searchParams.get('target') === MOBILE_TARGET) sessionStore.set(STORAGE_KEYS.mobileView, '1');
}

export const isMobileView = () => sessionStore.get(STORAGE_KEYS.mobileView) === '1';
