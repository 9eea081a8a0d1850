import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminIdentity } from '@shared/schemas/user';
import { totpQueries } from '../../api/totp';
import { adminLogin } from '../../i18n/admin-login';
import { useMessages } from '../../i18n/messages';
import { QrCode } from '../wallet/QrCode';
import { AlertIcon } from './icons';
import { loginErrorOf, useFinishTotpEnrolment } from '../../api/admin-session';
import { Spinner } from '@frontend/components/ui';

/** A console sign-in failure in the chosen language: the sign-in's own messages by name, any other as it came. */
export function useLoginError(error: Error | null): string | null {
  const t = useMessages(adminLogin);
  if (!error) return null;
  const known = loginErrorOf(error.message);
  return known ? t.errors[known] : error.message;
}

export function LoginError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm text-red-700 ring-1 ring-red-200">
      <AlertIcon className="mt-0.5 shrink-0" /> {text}
    </p>
  );
}

const INPUT = 'block h-11 w-full rounded-xl border border-slate-200 bg-white px-3.5 text-sm shadow-xs outline-none transition focus:border-brand-500 focus:ring-4 focus:ring-brand-100';
const SUBMIT = 'flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-600 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-70';

/** The 6-digit code of an authenticator app: the second step of a sign-in, or the end of an enrolment. */
export function TotpCodeForm({ label, onSubmit, busy, error }: { label: string; onSubmit: (code: string) => void; busy: boolean; error: string | null }) {
  const t = useMessages(adminLogin);
  const [code, setCode] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} aria-label={label} className="space-y-5">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">{t.code}</label>
        <input
          id={id}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="123456"
          className={`${INPUT} font-mono tracking-[0.3em]`}
        />
      </div>
      <LoginError text={error} />
      <button type="submit" disabled={busy} className={SUBMIT}>
        {busy && <Spinner className="h-4 w-4" />}
        {busy ? t.verifying : t.verify}
      </button>
    </form>
  );
}

/**
 * An administrator without a second factor turns TOTP on before the console opens (docs/architecture.md, "Roles"):
 * the app takes the secret (QR code or key), a code of the app proves it, then every session ends and the login
 * asks again, now with a code (`onEnrolled`).
 */
export function TotpEnrolment({ identity, onEnrolled }: { identity: AdminIdentity; onEnrolled: () => void }) {
  const t = useMessages(adminLogin);
  // Once per sign-in: each call makes Cognito a new secret, which the app must then match.
  const setup = useQuery(totpQueries.setup(identity.username));
  const finish = useFinishTotpEnrolment(onEnrolled);
  const setupError = useLoginError(setup.error);
  const finishError = useLoginError(finish.error);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{t.enrolScan}</p>
      {setup.data ? (
        <>
          <QrCode value={setup.data.uri} label={t.enrolQr} size={224} />
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.enrolKey}</p>
            <p data-testid="totp-secret" className="mt-1 rounded-xl bg-slate-100 px-3.5 py-2.5 font-mono text-sm break-all text-slate-900 select-all">
              {setup.data.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </p>
          </div>
          <p className="text-sm text-slate-600">{t.enrolCode}</p>
          <TotpCodeForm label={t.enrolForm} busy={finish.isPending || finish.isSuccess} error={finishError} onSubmit={(code) => finish.mutate(code)} />
        </>
      ) : setupError ? (
        <LoginError text={setupError} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600"><Spinner className="h-4 w-4" /> {t.enrolPreparing}</p>
      )}
    </div>
  );
}
