import { useState, type FormEvent } from 'react';
import { AuthLayout, Field, FormError, FormNotice, PasswordField, SubmitButton, useFinishSignIn } from './AuthLayout';
import { useAuthStep } from '../../api/auth-step';
import { Link } from '../../components/nav';
import { authTexts } from '../../i18n/auth';
import { useMessages } from '../../i18n/messages';
import type { AuthSearch } from '../../search';
import { loadAuth } from './load';
import { PrerenderedForm } from '../../components/PrerenderedForm';

export function ForgotPasswordScreen({ search }: { search: AuthSearch }) {
  const texts = useMessages(authTexts);
  const t = texts.forgot;
  const [email, setEmail] = useState(search.email ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const step = useAuthStep();
  const finish = useFinishSignIn(search.redirect);

  const request = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      const { destination } = await (await loadAuth()).requestPasswordReset(email);
      setSentTo(destination ?? email);
    });
  };
  const reset = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      await (await loadAuth()).confirmPasswordReset(email, code, password);
      const result = await (await loadAuth()).signInWithPassword(email, password);
      if (result.status !== 'signedIn') throw new Error(t.changed);
      await finish();
    });
  };

  return (
    <AuthLayout
      title={sentTo ? t.newTitle : t.title}
      subtitle={sentTo ? t.newSubtitle : t.subtitle}
      footer={<>{t.remembered} <Link to="/signin" search={{ email: email || undefined, redirect: search.redirect }} className="font-semibold text-brand-700 hover:underline">{t.backToSignIn}</Link></>}
    >
      {sentTo ? (
        <PrerenderedForm onSubmit={reset} className="space-y-4" aria-label={t.resetForm}>
          <FormNotice>{t.sentBefore} <strong>{sentTo}</strong>{t.sentAfter}</FormNotice>
          <Field label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))} placeholder="123456" />
          <PasswordField label={t.newPassword} name="new-password" autoComplete="new-password" required minLength={10} value={password} onChange={(e) => setPassword(e.target.value)} hint={texts.passwordHint} />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText={t.saving}>{t.save}</SubmitButton>
        </PrerenderedForm>
      ) : (
        <PrerenderedForm onSubmit={request} className="space-y-4" aria-label={t.requestForm}>
          <Field label={texts.email} name="email" type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder={texts.emailPlaceholder} />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText={t.sending}>{t.send}</SubmitButton>
        </PrerenderedForm>
      )}
    </AuthLayout>
  );
}
