import { REALTIME } from '@portal/contract';

/** Channels a user may subscribe to: only their own login-notification channel (Pusher's 'private-' accepted). */
export function canSubscribe(userId: number, channel: string) {
  const own = REALTIME.loginChannel(userId);
  return channel === own || channel === `private-${own}`;
}
