import { useEffect, useState } from 'react';
import { Notification } from '@mantine/core';
import { TOAST_LIMIT, hideToast, useToasts, type ShownToast } from './toast';
import classes from './notifications-host.module.css';

/**
 * The toasts, top centre, newest last, as Mantine's notifications package drew them: its
 * Notification (role "alert", a close button), each gone after its time unless the pointer
 * rests on it. The package itself (queue, drag to dismiss, transitions: ~9 KB over the wire on
 * every screen) is not used; the list lives in toast.ts (decision 0039).
 */
export function NotificationsHost() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <div className={classes.stack}>
      {toasts.slice(0, TOAST_LIMIT).map((toast) => (
        <ToastItem key={toast.key} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: ShownToast }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => hideToast(toast.key), toast.autoClose);
    return () => clearTimeout(timer);
  }, [paused, toast]);
  return (
    <Notification
      className={classes.toast}
      color={toast.color}
      title={toast.title}
      onClose={() => hideToast(toast.key)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      closeButtonProps={{ 'aria-label': 'Close notification' }}
    >
      {toast.message}
    </Notification>
  );
}
