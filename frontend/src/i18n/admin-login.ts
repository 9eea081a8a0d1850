import { defineMessages } from './messages';

/** The console's login screen and its session check (the state while it runs, and when it cannot). */
export const adminLogin = defineMessages('adminLogin', {
  console: 'Operations console',
  headline: 'Keep every station on Bali flowing.',
  points: [
    'Live status, water levels and alerts for the whole network.',
    'Wallets, refills and adjustments straight from the ledger.',
    'Administrator accounts only; every change is recorded.',
  ],
  title: 'Admin login',
  intro: 'Sign in with your administrator account.',
  form: 'Admin login',
  username: 'Username',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signingIn: 'Signing in...',
  login: 'Login',
  back: 'Back to main site',
  checking: 'Checking authentication',
  verifyFailed: 'Failed to verify admin authentication',
  unreachable: 'The service could not be reached. Check your connection.',
  retry: 'Try again',
  errors: {
    failed: 'Login failed. Please try again.',
    invalid: 'Invalid credentials',
    notAdmin: 'Administrator access required',
    reset: 'Your password must be reset before you can sign in.',
    unconfirmed: 'This account is not confirmed yet.',
    unsupported: 'This account needs a sign-in step the console does not support.',
  },
});
