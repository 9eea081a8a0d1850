import { createFileRoute } from '@tanstack/react-router';
import { skipWhenSignedIn } from '../route-data';
import { authSearch } from '../search';
import { SignInScreen } from '../features/auth/SignInScreen';

/** Sign in (?redirect=/app/... to go on; ?email= to fill in). Signed-in visitors go straight on. */
export const Route = createFileRoute('/signin')({
  validateSearch: authSearch,
  beforeLoad: skipWhenSignedIn,
  component: function SignIn() {
    return <SignInScreen search={Route.useSearch()} />;
  },
});
