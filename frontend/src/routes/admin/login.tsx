import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginScreen } from '../../features/admin/AdminLoginScreen';
import { skipAdminLogin } from '../../route-data';
import { adminLoginSearch } from '../../search';

/** Admin login: username, password (show/hide), back to the site; then back to ?redirect= (the console by default). Public. */
export const Route = createFileRoute('/admin/login')({
  validateSearch: adminLoginSearch,
  beforeLoad: skipAdminLogin,
  component: function AdminLogin() {
    return <AdminLoginScreen redirect={Route.useSearch().redirect} />;
  },
});
