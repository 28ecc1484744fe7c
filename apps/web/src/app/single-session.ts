import {
  META_KEYS,
  MESSAGES,
  SESSION_EXPIRED_REDIRECT_MS,
  TOAST_MS,
  dataOf,
  metaFlag,
  userSchema,
} from '@portal/contract';
import { isApiError } from '../shared/api/api-error';
import { http } from '../shared/api/http';
import { refreshSession } from '../shared/api/refresh-session';
import { loginUrl } from '../shared/session/login-url';
import { clearSession, getAccessToken, saveUser } from '../shared/session/session-store';
import { showToast } from '../shared/ui/toast';

type Navigate = (to: string, options: { replace: boolean }) => unknown;

/**
 * Re-reads the profile outside the API client's 401 rule: with single session on, the server has
 * already revoked this session when the notice arrives, and a 401 here means "another device", not
 * "Your session expired.". An expired access token gets one renewal first.
 */
async function readProfile(): Promise<'revoked' | 'unknown' | ReturnType<typeof userSchema.parse>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const token = getAccessToken();
    if (!token) return 'unknown';
    try {
      const { data } = await http('auth/me', { token, schema: dataOf(userSchema) });
      return data;
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) return 'unknown';
      if (attempt > 0 || !(await refreshSession())) return 'revoked';
    }
  }
  return 'revoked';
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** Local logout with the warning, then sign-in after SESSION_EXPIRED_REDIRECT_MS (docs/product.md §4, §9). */
function endSessionFromAnotherDevice(navigate: Navigate) {
  clearSession('another-device');
  showToast({ id: 'another-device', color: 'yellow', message: MESSAGES.anotherDevice, autoClose: TOAST_MS });
  clearTimeout(redirectTimer);
  redirectTimer = setTimeout(() => void navigate(loginUrl(), { replace: true }), SESSION_EXPIRED_REDIRECT_MS);
}

/**
 * docs/product.md §4 Single session: a sign-in elsewhere was announced on our channel. Re-read the profile;
 * with `settings.single_session_limit` on, this session ends here. Otherwise the fresh profile is kept.
 */
export async function handleLoginElsewhere(navigate: Navigate): Promise<void> {
  const profile = await readProfile();
  if (profile === 'unknown') return; // network trouble: the next call's own rules decide
  if (profile !== 'revoked' && !metaFlag(profile, META_KEYS.singleSession)) {
    saveUser(profile);
    return;
  }
  endSessionFromAnotherDevice(navigate);
}
