import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginScreen } from '../../features/admin/AdminLoginScreen';

/** Admin login: username, password (show/hide), back to the site. Public. */
export const Route = createFileRoute('/admin/login')({
  component: AdminLoginScreen,
});
