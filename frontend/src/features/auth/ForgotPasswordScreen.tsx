import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthLayout, Field, FormError, FormNotice, PasswordField, SubmitButton, useAuthStep, useFinishSignIn } from './AuthLayout';
import type { AuthSearch } from '../../search';
import { confirmPasswordReset, requestPasswordReset, signInWithPassword } from './session';
import { PASSWORD_HINT } from './SignUpScreen';

export function ForgotPasswordScreen({ search }: { search: AuthSearch }) {
  const [email, setEmail] = useState(search.email ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const step = useAuthStep();
  const finish = useFinishSignIn(search.redirect);

  const request = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      const { destination } = await requestPasswordReset(email);
      setSentTo(destination ?? email);
    });
  };
  const reset = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      await confirmPasswordReset(email, code, password);
      const result = await signInWithPassword(email, password);
      if (result.status !== 'signedIn') throw new Error('Your password is changed. Please sign in.');
      await finish();
    });
  };

  return (
    <AuthLayout
      title={sentTo ? 'Choose a new password' : 'Forgot your password?'}
      subtitle={sentTo ? 'Enter the code from the e-mail and your new password.' : 'Enter your e-mail and we will send you a code to reset it.'}
      footer={<>Remembered it? <Link to="/signin" search={{ email: email || undefined, redirect: search.redirect }} className="font-semibold text-brand-700 hover:underline">Back to sign in</Link></>}
    >
      {sentTo ? (
        <form onSubmit={reset} className="space-y-4" aria-label="Reset your password">
          <FormNotice>We sent a code to <strong>{sentTo}</strong>.</FormNotice>
          <Field label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))} placeholder="123456" />
          <PasswordField label="New password" name="new-password" autoComplete="new-password" required minLength={10} value={password} onChange={(e) => setPassword(e.target.value)} hint={PASSWORD_HINT} />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText="Saving...">Reset password and sign in</SubmitButton>
        </form>
      ) : (
        <form onSubmit={request} className="space-y-4" aria-label="Request a reset code">
          <Field label="E-mail" name="email" type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText="Sending...">Send code</SubmitButton>
        </form>
      )}
    </AuthLayout>
  );
}
