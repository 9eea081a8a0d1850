import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../features/auth/redirect';
import { SignInScreen } from '../features/auth/SignInScreen';

/** Sign in (?redirect=/app/... to go on; ?email= to fill in). Signed-in visitors go straight on. */
export const Route = createFileRoute('/signin')({
  validateSearch: validateAuthSearch,
  component: function SignIn() {
    return <SignInScreen search={Route.useSearch()} />;
  },
});
