import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthLayout, Field, FormError, PasswordField, SubmitButton, useAuthStep, useFinishSignIn } from './AuthLayout';
import { ConfirmCodeForm } from './ConfirmCodeForm';
import type { AuthSearch } from '../../search';
import { signInWithPassword, signUpWithEmail } from './session';

export const PASSWORD_HINT = 'At least 10 characters, with upper- and lower-case letters, a number and a symbol.';

export function SignUpScreen({ search }: { search: AuthSearch }) {
  const [form, setForm] = useState({ firstName: '', lastName: '', email: search.email ?? '', password: '' });
  const [confirm, setConfirm] = useState<{ destination: string | null } | null>(null);
  const step = useAuthStep();
  const finish = useFinishSignIn(search.redirect);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const signInNow = async () => {
    const result = await signInWithPassword(form.email, form.password);
    if (result.status !== 'signedIn') throw new Error('Your account is ready. Please sign in.');
    await finish();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      const result = await signUpWithEmail(form);
      if (result.status === 'confirmSignUp') setConfirm({ destination: result.destination });
      else await signInNow();
    });
  };

  return (
    <AuthLayout
      title={confirm ? 'Check your e-mail' : 'Create your account'}
      subtitle={confirm ? 'Enter the code we sent you and you are ready to refill.' : 'Top up once, refill anywhere on Bali, and see how much plastic you save.'}
      footer={<>Already have an account? <Link to="/signin" search={{ redirect: search.redirect }} className="font-semibold text-brand-700 hover:underline">Sign in</Link></>}
    >
      {confirm ? (
        <ConfirmCodeForm email={form.email} destination={confirm.destination} onConfirmed={signInNow} />
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Create your account">
          <div className="grid grid-cols-2 gap-3">
            <Field label="First name" name="given-name" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
            <Field label="Last name" name="family-name" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
          </div>
          <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" required value={form.email} onChange={set('email')} placeholder="you@example.com" />
          <PasswordField label="Password" name="new-password" autoComplete="new-password" required minLength={10} value={form.password} onChange={set('password')} hint={PASSWORD_HINT} />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText="Creating your account...">Create account</SubmitButton>
          <p className="text-center text-xs text-slate-500">Free to join. You only pay for the water you refill: Rp 1,000 per litre.</p>
        </form>
      )}
    </AuthLayout>
  );
}
