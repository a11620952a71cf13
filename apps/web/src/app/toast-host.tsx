/**
 * Toasts: Mantine's notifications, at most 4 at once, closing after 8000 ms, at the bottom: bottom left on
 * a wide screen, bottom centre on a phone (docs/decisions/0133). At the top right they covered the header's
 * search boxes for the 8 s; at the bottom right they would cover the Review Order dialog's Accept and Close,
 * whose bar keeps its left side empty.
 * `notifications.show` (lib/notify.ts) only writes to Mantine's store; the component that shows them, and
 * what it brings (transitions, portals), loads with the first toast rather than with every page
 * (docs/decisions/0109). The store knows the limit and the position from the start, so toasts shown
 * before it loads are queued exactly as the mounted component would queue them.
 */
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@mc/domain';
import { lazy, Suspense, useState } from 'react';
import { useIsPhone } from '../lib/media.ts';

const TOAST_LIMIT = 4;
const TOAST_POSITION = 'bottom-left';
const PHONE_TOAST_POSITION = 'bottom-center';

notificationsStore.updateState((state) => ({
  ...state,
  limit: TOAST_LIMIT,
  defaultPosition: TOAST_POSITION,
}));

const Notifications = lazy(async () => ({
  default: (await import('./toast-notifications.ts')).Notifications,
}));

export function ToastHost() {
  const { notifications } = useNotifications();
  const phone = useIsPhone();
  const [needed, setNeeded] = useState(false);
  // Once mounted it stays, so a closing toast keeps its exit transition.
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position={phone ? PHONE_TOAST_POSITION : TOAST_POSITION}
        autoClose={TOAST_DURATION_MS}
        limit={TOAST_LIMIT}
      />
    </Suspense>
  );
}
