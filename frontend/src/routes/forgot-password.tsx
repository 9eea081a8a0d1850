import { createFileRoute } from '@tanstack/react-router';
import { authSearch } from '../search';
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen';

/** Forgot password: an e-mailed code and a new password, then signed in. */
export const Route = createFileRoute('/forgot-password')({
  validateSearch: authSearch,
  component: function ForgotPassword() {
    return <ForgotPasswordScreen search={Route.useSearch()} />;
  },
});
