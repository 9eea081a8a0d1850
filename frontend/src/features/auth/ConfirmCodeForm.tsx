import { useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import { FormError, FormNotice, Field, SubmitButton, useAuthStep } from './AuthLayout';
import { confirmSignUpCode, resendSignUpCode } from './session';

/** Step two of sign-up: the code Cognito e-mailed. Calls onConfirmed once the account is confirmed. */
export function ConfirmCodeForm({ email, destination, onConfirmed }: { email: string; destination: string | null; onConfirmed: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const step = useAuthStep();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      await confirmSignUpCode(email, code);
      await onConfirmed();
    });
  };
  const resend = () =>
    void step.run(async () => {
      await resendSignUpCode(email);
      toast({ title: 'Code sent', description: `We sent a new code to ${email}.` });
    });
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Confirm your e-mail">
      <FormNotice>We sent a 6-digit code to <strong>{destination ?? email}</strong>. Enter it to confirm your e-mail address.</FormNotice>
      <Field
        label="Confirmation code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
        placeholder="123456"
      />
      <FormError message={step.error} />
      <SubmitButton busy={step.busy} busyText="Confirming...">Confirm and continue</SubmitButton>
      <p className="text-center text-sm text-slate-500">
        No e-mail?{' '}
        <button type="button" onClick={resend} disabled={step.busy} className="font-semibold text-brand-700 hover:underline">Send the code again</button>
      </p>
    </form>
  );
}
