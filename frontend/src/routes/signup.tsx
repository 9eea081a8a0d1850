import { createFileRoute } from '@tanstack/react-router';
import { skipWhenSignedIn } from '../route-data';
import { authSearch } from '../search';
import { SignUpScreen } from '../features/auth/SignUpScreen';

/** Sign up with an e-mail code, then straight into the app. */
export const Route = createFileRoute('/signup')({
  validateSearch: authSearch,
  beforeLoad: skipWhenSignedIn,
  component: function SignUp() {
    return <SignUpScreen search={Route.useSearch()} />;
  },
});
