import { Suspense, lazy } from 'react';
import { useToastHostWanted } from './toast';

const NotificationsHost = lazy(() =>
  import('./notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

/** Mounts the notifications container once a toast is wanted (see toast.ts). */
export function ToastHost() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
