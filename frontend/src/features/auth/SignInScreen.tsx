import { useState, type FormEvent } from 'react';
import { AuthLayout, Field, FormError, FormNotice, PasswordField, SubmitButton, useFinishSignIn } from './AuthLayout';
import { useAuthStep } from '../../api/auth-step';
import { ConfirmCodeForm } from './ConfirmCodeForm';
import { Link } from '../../components/nav';
import { authTexts } from '../../i18n/auth';
import { useMessages } from '../../i18n/messages';
import type { AuthSearch } from '../../search';
import { loadAuth } from './load';
import { PrerenderedForm } from '../../components/PrerenderedForm';

export function SignInScreen({ search }: { search: AuthSearch }) {
  const texts = useMessages(authTexts);
  const t = texts.signIn;
  const [email, setEmail] = useState(search.email ?? '');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  // An account with a second factor (staff) answers its authenticator's code after the password.
  const [askingCode, setAskingCode] = useState(false);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const step = useAuthStep();
  const finish = useFinishSignIn(search.redirect);

  const signIn = async () => {
    const result = await (await loadAuth()).signInWithPassword(email, password);
    if (result.status === 'signedIn') return finish();
    if (result.status === 'confirmSignUp') return setConfirming(true);
    if (result.status === 'resetPassword') return setNotice(t.resetNeeded);
    if (result.status === 'totpCode') return setAskingCode(true);
    setNotice(t.unsupported);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    void step.run(askingCode ? async () => { await (await loadAuth()).confirmTotpCode(code); await finish(); } : signIn);
  };

  return (
    <AuthLayout
      title={confirming ? t.confirmTitle : askingCode ? t.codeTitle : t.title}
      subtitle={confirming ? t.confirmSubtitle : askingCode ? t.codeSubtitle : t.subtitle}
      footer={
        <>
          <p>{t.newHere} <Link to="/signup" search={{ redirect: search.redirect }} className="font-semibold text-brand-700 hover:underline">{t.createAccount}</Link></p>
          {/* A tourist who only wants water: paying at a station needs no account. */}
          <p className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            {t.noAccount}{' '}
            <Link to="/stations" className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline" data-testid="pay-without-account">{t.findStation}</Link>
          </p>
        </>
      }
    >
      {confirming ? (
        <ConfirmCodeForm email={email} destination={null} onConfirmed={signIn} />
      ) : askingCode ? (
        <PrerenderedForm onSubmit={submit} className="space-y-4" aria-label={t.codeTitle}>
          <Field label={t.code} name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]{6,7}" required value={code} onChange={(e) => setCode(e.target.value)} />
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText={t.busy}>{t.submit}</SubmitButton>
        </PrerenderedForm>
      ) : (
        <PrerenderedForm onSubmit={submit} className="space-y-4" aria-label={t.form}>
          <Field label={texts.email} name="email" type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder={texts.emailPlaceholder} />
          <PasswordField label={texts.password} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="-mt-1 text-right">
            <Link to="/forgot-password" search={{ email: email || undefined, redirect: search.redirect }} className="inline-flex items-center text-sm font-semibold text-brand-700 hover:underline">{t.forgot}</Link>
          </div>
          {notice && <FormNotice>{notice}</FormNotice>}
          <FormError message={step.error} />
          <SubmitButton busy={step.busy} busyText={t.busy}>{t.submit}</SubmitButton>
        </PrerenderedForm>
      )}
    </AuthLayout>
  );
}
