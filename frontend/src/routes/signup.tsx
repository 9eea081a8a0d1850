import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../features/auth/redirect';
import { SignUpScreen } from '../features/auth/SignUpScreen';

/** Sign up with an e-mail code, then straight into the app. */
export const Route = createFileRoute('/signup')({
  validateSearch: validateAuthSearch,
  component: function SignUp() {
    return <SignUpScreen search={Route.useSearch()} />;
  },
});
