import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../features/auth/redirect';
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen';

/** Forgot password: an e-mailed code and a new password, then signed in. */
export const Route = createFileRoute('/forgot-password')({
  validateSearch: validateAuthSearch,
  component: function ForgotPassword() {
    return <ForgotPasswordScreen search={Route.useSearch()} />;
  },
});
