import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { TIMING_MS } from '@shared/constants';
import type { HostRequestInput } from '@shared/schemas/host-request';
import { useHostApplication } from '../../api/host-application';
import { CheckIcon } from '../../components/icons';
import { businessTypes, footfalls, hostForm } from '../../i18n/host-form';
import { useMessages } from '../../i18n/messages';
import { PrerenderedForm } from '../../components/PrerenderedForm';

const EMPTY: HostRequestInput = {
  businessName: '', contactName: '', email: '', phone: '', address: '',
  businessType: '' as HostRequestInput['businessType'], expectedFootfall: '' as HostRequestInput['expectedFootfall'], comments: '',
};

type Phase = 'idle' | 'success' | 'error';

/** The host application form (docs/design.md, "States" and "Validation"): idle, submitting, success for 5 s, error. */
export function HostApplicationForm() {
  const t = useMessages(hostForm);
  const [form, setForm] = useState<HostRequestInput>(EMPTY);
  const [phase, setPhase] = useState<Phase>('idle');
  const submit = useHostApplication();

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => setPhase('idle'), TIMING_MS.hostSuccessBanner);
    return () => clearTimeout(timer);
  }, [phase]);

  const set = (field: keyof HostRequestInput) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPhase('idle');
    submit.mutate(form, {
      onSuccess: () => {
        setForm(EMPTY);
        setPhase('success');
      },
      onError: () => setPhase('error'),
    });
  };

  return (
    <PrerenderedForm onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label={t.formLabel} data-phase={submit.isPending ? 'submitting' : phase}>
      <div aria-live="polite" className="empty:hidden sm:col-span-2">
        {phase === 'success' && (
          <div role="status" className="flex gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
            <CheckIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
            <div>
              <p className="font-semibold">{t.successTitle}</p>
              <p className="mt-0.5 text-sm">{t.successText}</p>
            </div>
          </div>
        )}
        {phase === 'error' && (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            <p className="font-semibold">{t.errorTitle}</p>
            <p className="mt-0.5 text-sm">{t.errorText}</p>
          </div>
        )}
      </div>
      <Field label={t.businessName}><input required name="businessName" autoComplete="organization" value={form.businessName} onChange={set('businessName')} className={input} /></Field>
      <Field label={t.contactName}><input required name="contactName" autoComplete="name" value={form.contactName} onChange={set('contactName')} className={input} /></Field>
      <Field label={t.email}><input required type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} className={input} /></Field>
      <Field label={t.phone}><input required type="tel" name="phone" autoComplete="tel" value={form.phone} onChange={set('phone')} className={input} /></Field>
      <Field label={t.address} wide><input required name="address" autoComplete="street-address" value={form.address} onChange={set('address')} className={input} /></Field>
      <Field label={t.businessType}>
        <select required name="businessType" value={form.businessType} onChange={set('businessType')} className={input}>
          <option value="">{t.selectBusinessType}</option>
          {businessTypes.map((value) => <option key={value} value={value}>{t.businessTypeLabels[value]}</option>)}
        </select>
      </Field>
      <Field label={t.footfall}>
        <select required name="expectedFootfall" value={form.expectedFootfall} onChange={set('expectedFootfall')} className={input}>
          <option value="">{t.selectFootfall}</option>
          {footfalls.map((value) => <option key={value} value={value}>{t.footfallLabels[value]}</option>)}
        </select>
      </Field>
      <Field label={t.comments} wide>
        <textarea name="comments" rows={3} value={form.comments} onChange={set('comments')} placeholder={t.commentsHint} className={input} />
      </Field>
      <button
        type="submit"
        disabled={submit.isPending}
        className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 py-3.5 font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70 sm:col-span-2"
      >
        {submit.isPending && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
        {submit.isPending ? t.submitting : t.submit}
      </button>
    </PrerenderedForm>
  );
}

const input =
  'mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none';

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <label className={`text-sm font-medium text-slate-800 ${wide ? 'sm:col-span-2' : ''}`}>
      {label}
      {children}
    </label>
  );
}
