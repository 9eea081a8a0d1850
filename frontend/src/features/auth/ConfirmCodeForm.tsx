import { useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import { authTexts } from '../../i18n/auth';
import { useMessages } from '../../i18n/messages';
import { FormError, FormNotice, Field, SubmitButton } from './AuthLayout';
import { useAuthStep } from '../../api/auth-step';
import { loadAuth } from './load';
import { PrerenderedForm } from '../../components/PrerenderedForm';

/** Step two of sign-up: the code Cognito e-mailed. Calls onConfirmed once the account is confirmed. */
export function ConfirmCodeForm({ email, destination, onConfirmed }: { email: string; destination: string | null; onConfirmed: () => Promise<void> }) {
  const t = useMessages(authTexts).confirm;
  const [code, setCode] = useState('');
  const step = useAuthStep();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      await (await loadAuth()).confirmSignUpCode(email, code);
      await onConfirmed();
    });
  };
  const resend = () =>
    void step.run(async () => {
      await (await loadAuth()).resendSignUpCode(email);
      toast({ title: t.resentTitle, description: t.resent(email) });
    });
  return (
    <PrerenderedForm onSubmit={submit} className="space-y-4" aria-label={t.form}>
      <FormNotice>{t.sentBefore} <strong>{destination ?? email}</strong>{t.sentAfter}</FormNotice>
      <Field
        label={t.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
        placeholder="123456"
      />
      <FormError message={step.error} />
      <SubmitButton busy={step.busy} busyText={t.busy}>{t.submit}</SubmitButton>
      <p className="text-center text-sm text-slate-500">
        {t.noEmail}{' '}
        <button type="button" onClick={resend} disabled={step.busy} className="font-semibold text-brand-700 hover:underline">{t.resend}</button>
      </p>
    </PrerenderedForm>
  );
}
