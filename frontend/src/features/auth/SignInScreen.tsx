import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthLayout, Field, FormError, FormNotice, PasswordField, SubmitButton, useAuthStep, useFinishSignIn } from './AuthLayout';
import { ConfirmCodeForm } from './ConfirmCodeForm';
import type { AuthSearch } from '../../search';
import { signInWithPassword } from './session';

export function SignInScreen({ search }: { search: AuthSearch }) {
  const [email, setEmail] = useState(search.email ?? '');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const step = useAuthStep();
  const finish = useFinishSignIn(search.redirect);

  const signIn = async () => {
    const result = await signInWithPassword(email, password);
    if (result.status === 'signedIn') return finish();
    if (result.status === 'confirmSignUp') return setConfirming(true);
    if (result.status === 'resetPassword') return setNotice('Your password needs to be reset. Use “Forgot password?” to choose a new one.');
    setNotice('This account needs a sign-in step the app does not support yet. Please contact support.');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    void step.run(signIn);
  };

  return (
    <AuthLayout
      title={confirming ? 'Confirm your e-mail' : 'Welcome back'}
      subtitle={confirming ? 'One more step before your first refill.' : 'Sign in to see your balance, pay at stations and track your impact.'}
      footer={
        <>New to Bali Refill? <Link to="/signup" search={{ redirect: search.redirect }} className="font-semibold text-brand-700 hover:underline">Create an account</Link></>
      }
    >
      {confirming ? (
        <ConfirmCodeForm email={email} destination={null} onConfirmed={signIn} />
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Sign in">
          <Field label="E-mail" name="email" type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
          <PasswordField label="Password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="-mt-1 text-right">
            <Link to="/forgot-password" search={{ email: email || undefined, redirect: search.redirect }} className="inline-flex items-center text-sm font-semibold text-brand-700 hover:underline">Forgot password?</Link>
          </div>
          {notice && <FormNotice>{notice}</FormNotice>}
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText="Signing in...">Sign in</SubmitButton>
        </form>
      )}
    </AuthLayout>
  );
}
