import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/notify';

/** Mantine's toast renderer; loaded by NotificationsHost when the first toast is shown. */
export default function ToastRenderer() {
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} limit={5} />;
}
