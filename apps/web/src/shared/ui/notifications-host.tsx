import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/contract';

export function NotificationsHost() {
  return <Notifications position="top-center" autoClose={TOAST_MS} zIndex={1000} />;
}
