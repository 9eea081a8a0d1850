import { useState, type FormEvent } from 'react';
import { AuthLayout, Field, FormError, PasswordField, SubmitButton, useFinishSignIn } from './AuthLayout';
import { useAuthStep } from '../../api/auth-step';
import { ConfirmCodeForm } from './ConfirmCodeForm';
import { Link } from '../../components/nav';
import { authTexts } from '../../i18n/auth';
import { useMessages } from '../../i18n/messages';
import type { AuthSearch } from '../../search';
import { loadAuth } from './load';
import { PrerenderedForm } from '../../components/PrerenderedForm';

export function SignUpScreen({ search }: { search: AuthSearch }) {
  const texts = useMessages(authTexts);
  const t = texts.signUp;
  const [form, setForm] = useState({ firstName: '', lastName: '', email: search.email ?? '', password: '' });
  const [confirm, setConfirm] = useState<{ destination: string | null } | null>(null);
  const step = useAuthStep();
  const finish = useFinishSignIn(search.redirect);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const signInNow = async () => {
    const result = await (await loadAuth()).signInWithPassword(form.email, form.password);
    if (result.status !== 'signedIn') throw new Error(t.ready);
    await finish();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      const result = await (await loadAuth()).signUpWithEmail(form);
      if (result.status === 'confirmSignUp') setConfirm({ destination: result.destination });
      else await signInNow();
    });
  };

  return (
    <AuthLayout
      title={confirm ? t.confirmTitle : t.title}
      subtitle={confirm ? t.confirmSubtitle : t.subtitle}
      footer={<>{t.haveAccount} <Link to="/signin" search={{ redirect: search.redirect }} className="font-semibold text-brand-700 hover:underline">{t.signIn}</Link></>}
    >
      {confirm ? (
        <ConfirmCodeForm email={form.email} destination={confirm.destination} onConfirmed={signInNow} />
      ) : (
        <PrerenderedForm onSubmit={submit} className="space-y-4" aria-label={t.form}>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t.firstName} name="given-name" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
            <Field label={t.lastName} name="family-name" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
          </div>
          <Field label={texts.email} name="email" type="email" autoComplete="email" inputMode="email" required value={form.email} onChange={set('email')} placeholder={texts.emailPlaceholder} />
          <PasswordField label={texts.password} name="new-password" autoComplete="new-password" required minLength={10} value={form.password} onChange={set('password')} hint={texts.passwordHint} />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText={t.busy}>{t.submit}</SubmitButton>
          <p className="text-center text-xs text-slate-500">{t.price}</p>
        </PrerenderedForm>
      )}
    </AuthLayout>
  );
}
