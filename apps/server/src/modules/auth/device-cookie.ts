import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@portal/contract';

/** The cookie of a browser that signed in to an account before (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'portal_device';
/** Sent only to sign-in: no other request carries it, and scripts never see it. */
const PATH = `${API_PREFIX}/auth`;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * `<userId>.<nonce>.<HMAC-SHA256(userId.nonce)>` under a key derived from APP_KEY for this use.
 * The "login" of the OWASP scheme is the user id: the email and the username of one account name
 * the same device, and a renamed account keeps it.
 */
export function createDeviceCookies(appKey: Buffer) {
  const key = createHmac('sha256', appKey).update('portal sign-in device cookie').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    /** A new device cookie for the user, as a Set-Cookie value. */
    issue(userId: number, secure: boolean): string {
      const body = `${userId}.${randomBytes(16).toString('base64url')}`;
      return [
        `${DEVICE_COOKIE}=${body}.${mac(body)}`,
        `Path=${PATH}`,
        `Max-Age=${MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },

    /** The nonce of the request's device cookie when it is genuine and names this user, else undefined. */
    verify(cookieHeader: string | undefined, userId: number): string | undefined {
      const value = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
        ?.slice(DEVICE_COOKIE.length + 1);
      const [id, nonce, given] = value?.split('.') ?? [];
      if (!id || !nonce || !given || id !== String(userId)) return undefined;
      const expected = Buffer.from(mac(`${id}.${nonce}`));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
