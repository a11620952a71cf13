/** The toasts' component, loaded with the first toast (toast-host.tsx). */
export { Notifications } from '@mantine/notifications';
