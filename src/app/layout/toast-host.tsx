import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** product §2 message toasts: max 3, hide after 15 s. Loaded with the first toast. */
export default function ToastHost() {
  return <Notifications limit={3} autoClose={15_000} position="top-center" />;
}
