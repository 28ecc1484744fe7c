import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { REALTIME } from '@portal/contract';
import { subscribeRealtime } from '../shared/realtime/realtime-client';
import { handleLoginElsewhere } from './single-session';

/**
 * Rendered while signed in: listens on the user's login-notification channel (after sign-in and on
 * load). Unmounting (session ended, user changed) closes the stream.
 */
export function LoginNotifications({ userId }: { userId: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return subscribeRealtime({
      channel: REALTIME.loginChannel(userId),
      event: REALTIME.loginEvent,
      onEvent: () => void handleLoginElsewhere(navigate),
    });
  }, [userId, navigate]);
  return null;
}
