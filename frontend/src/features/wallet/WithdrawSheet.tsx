import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { formatDate } from '@shared/format';
import { formatRupiah } from '@shared/money';
import { fieldMessages } from '@shared/schemas/error';
import { PAYOUT_BANKS, PAYOUT_EWALLETS, PayoutDestination, type PayoutLine } from '@shared/schemas/withdrawal';
import { REFUND_WINDOW_DAYS } from '@shared/schemas/transaction';
import { ApiRequestError } from '../../api/client';
import {
  newIdempotencyKey,
  serverMessage,
  useWithdrawal,
  withdrawalQueries,
  type Withdrawal,
  type WithdrawalPlan,
} from '../../api/wallet';
import { getLanguage, useLanguage } from '../../i18n/language';
import { useMessages, type Translation } from '../../i18n/messages';
import { withdrawalTexts } from '../../i18n/withdrawal';
import { paymentMethodName } from '@shared/payment-methods';
import { Dialog } from '@frontend/components/ui';

type Texts = Translation<(typeof withdrawalTexts)['en']>;

/** An instant's day in Bali, in the page's language. */
function useDay() {
  const language = useLanguage();
  return (iso: string) => formatDate(iso, language) ?? '';
}

/** Why a part of the balance is paid out by the team, in the user's words. */
export function payoutReason(line: PayoutLine, t: Texts, day: (iso: string) => string): string {
  const method = line.paymentMethod ? paymentMethodName(line.paymentMethod) : '';
  switch (line.reason) {
    case 'window_passed':
      return t.reasons.window_passed(method, line.paymentMethod ? REFUND_WINDOW_DAYS[line.paymentMethod] ?? 0 : 0, line.refundableUntil ? day(line.refundableUntil) : '');
    case 'method_not_refundable':
      return t.reasons.method_not_refundable(method);
    case 'not_from_topup':
      return t.reasons.not_from_topup;
    case 'gateway_refused':
      return t.reasons.gateway_refused(line.detail ?? '');
  }
}

/** The plan (or the result): what goes back to which top-up, and what the team pays out and why. */
function PlanDetails({ plan, t }: { plan: WithdrawalPlan; t: Texts }) {
  const day = useDay();
  return (
    <div className="space-y-4">
      {plan.refunds.length > 0 && (
        <section aria-labelledby="withdraw-refunds">
          <h3 id="withdraw-refunds" className="text-sm font-semibold text-slate-900">{t.refundsHeading}</h3>
          <p className="mt-1 text-xs text-slate-700">{t.refundsIntro}</p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {plan.refunds.map((r) => (
              <li key={r.orderId} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{t.refundLine(paymentMethodName(r.paymentMethod), day(r.paidAt))}</p>
                  <p className="text-xs text-slate-600">{t.refundUntil(day(r.refundableUntil))}</p>
                </div>
                <p className="shrink-0 font-semibold tabular-nums text-slate-900">{formatRupiah(r.amountIdr)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {plan.payout.length > 0 && (
        <section aria-labelledby="withdraw-payout">
          <h3 id="withdraw-payout" className="text-sm font-semibold text-slate-900">{t.payoutHeading}</h3>
          <p className="mt-1 text-xs text-slate-700">{t.payoutIntro}</p>
          <ul className="mt-2 divide-y divide-amber-100 rounded-xl bg-amber-50 ring-1 ring-amber-200">
            {plan.payout.map((p, i) => (
              <li key={`${p.orderId ?? 'rest'}-${i}`} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
                <p className="min-w-0 text-slate-800">{payoutReason(p, t, day)}</p>
                <p className="shrink-0 font-semibold tabular-nums text-slate-900">{formatRupiah(p.amountIdr)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Result({ withdrawal, t, onClose }: { withdrawal: Withdrawal; t: Texts; onClose: () => void }) {
  return (
    <div className="space-y-4" role="status">
      <p className="text-base font-semibold text-emerald-800">{t.doneTitle}</p>
      {withdrawal.refundIdr > 0 && <p className="text-sm text-slate-800">{t.doneRefunds(formatRupiah(withdrawal.refundIdr))}</p>}
      {withdrawal.payoutIdr > 0 && <p className="text-sm text-slate-800">{t.donePayout(formatRupiah(withdrawal.payoutIdr), withdrawal.payoutTo)}</p>}
      <PlanDetails plan={withdrawal} t={t} />
      <p className="text-xs text-slate-600">{t.doneMail}</p>
      <button type="button" onClick={onClose} className="min-h-11 w-full rounded-full bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800">{t.close}</button>
    </div>
  );
}

/** What the destination form holds: both kinds' fields, so switching kind keeps what was typed. */
const emptyDestination = { kind: 'bank' as PayoutDestination['kind'], bankCode: '', accountNumber: '', accountHolder: '', provider: 'gopay', phone: '' };
type DestinationForm = typeof emptyDestination;
const destinationOf = (form: DestinationForm) => (form.kind === 'bank'
  ? { kind: 'bank', bankCode: form.bankCode, accountNumber: form.accountNumber, accountHolder: form.accountHolder }
  : { kind: 'ewallet', provider: form.provider, phone: form.phone });

const inputClass = 'mt-1 h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600';

function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">{label}</label>
      {children({ id, describedBy })}
      {error ? <p id={`${id}-error`} className="mt-1 text-xs text-red-700">{error}</p> : hint && <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

/** Where the team sends the part it pays out: asked only when the plan has one, with why. */
function DestinationFields({ amount, form, onChange, errors, t }: { amount: number; form: DestinationForm; onChange: (form: DestinationForm) => void; errors: Record<string, string>; t: Texts }) {
  const d = t.destination;
  const set = (key: keyof DestinationForm) => (e: { target: { value: string } }) => onChange({ ...form, [key]: e.target.value });
  return (
    <fieldset className="space-y-3 rounded-2xl bg-amber-50/60 p-3 ring-1 ring-amber-200" aria-describedby="withdraw-destination-intro">
      <legend className="px-1 text-sm font-semibold text-slate-900">{d.heading}</legend>
      <p id="withdraw-destination-intro" className="text-xs text-slate-700">{d.intro(formatRupiah(amount))}</p>
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={d.heading}>
        {(['bank', 'ewallet'] as const).map((kind) => (
          <label key={kind} className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-2 text-sm font-semibold ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${form.kind === kind ? 'bg-brand-50 text-brand-800 ring-brand-500' : 'bg-white text-slate-700 ring-slate-200'}`}>
            <input type="radio" name="withdraw-destination-kind" value={kind} checked={form.kind === kind} onChange={() => onChange({ ...form, kind })} className="sr-only" />
            {d[kind]}
          </label>
        ))}
      </div>
      {form.kind === 'bank' ? (
        <>
          <Field label={d.bankName} error={errors.bankCode}>
            {({ id, describedBy }) => (
              <select id={id} value={form.bankCode} onChange={set('bankCode')} aria-invalid={Boolean(errors.bankCode)} aria-describedby={describedBy} className={inputClass}>
                <option value="">{d.chooseBank}</option>
                {Object.entries(PAYOUT_BANKS).sort(([, a], [, b]) => a.localeCompare(b)).map(([code, name]) => <option key={code} value={code}>{name}</option>)}
              </select>
            )}
          </Field>
          <Field label={d.accountNumber} error={errors.accountNumber}>
            {({ id, describedBy }) => <input id={id} value={form.accountNumber} onChange={set('accountNumber')} inputMode="numeric" autoComplete="off" aria-invalid={Boolean(errors.accountNumber)} aria-describedby={describedBy} className={inputClass} />}
          </Field>
          <Field label={d.accountHolder} error={errors.accountHolder}>
            {({ id, describedBy }) => <input id={id} value={form.accountHolder} onChange={set('accountHolder')} autoComplete="name" maxLength={100} aria-invalid={Boolean(errors.accountHolder)} aria-describedby={describedBy} className={inputClass} />}
          </Field>
        </>
      ) : (
        <>
          <Field label={d.provider} error={errors.provider}>
            {({ id, describedBy }) => (
              <select id={id} value={form.provider} onChange={set('provider')} aria-invalid={Boolean(errors.provider)} aria-describedby={describedBy} className={inputClass}>
                {Object.entries(PAYOUT_EWALLETS).map(([code, name]) => <option key={code} value={code}>{name}</option>)}
              </select>
            )}
          </Field>
          <Field label={d.phone} error={errors.phone} hint={d.phoneHint}>
            {({ id, describedBy }) => <input id={id} value={form.phone} onChange={set('phone')} type="tel" inputMode="tel" autoComplete="tel" placeholder="08..." aria-invalid={Boolean(errors.phone)} aria-describedby={describedBy} className={inputClass} />}
          </Field>
        </>
      )}
    </fieldset>
  );
}

/** The server's field messages of the destination ('payoutDestination.phone'), keyed as the form's fields. */
function destinationErrorsOf(error: unknown): Record<string, string> {
  const fields = error instanceof ApiRequestError ? error.body?.fields ?? {} : {};
  return Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith('payoutDestination')).map(([key, message]) => [key.split('.')[1] ?? 'kind', message]));
}

/**
 * The withdrawal confirmation (Profile): shows the plan for the current balance, withdraws exactly that balance on
 * confirmation, and shows the result. One Idempotency-Key per opening, kept across retries, so a retry after a lost
 * answer or a gateway outage finishes the same withdrawal instead of starting another.
 */
function WithdrawSheet({ onClose }: { onClose: () => void }) {
  const t = useMessages(withdrawalTexts);
  const [key] = useState(newIdempotencyKey);
  const plan = useQuery(withdrawalQueries.plan());
  const [destination, setDestination] = useState(emptyDestination);
  const [destinationErrors, setDestinationErrors] = useState<Record<string, string>>({});
  const withdraw = useWithdrawal(key);
  const asking = { onError: (error: Error) => setDestinationErrors(destinationErrorsOf(error)) };
  /** Checks the destination (when part is paid out) with the server's own schema before asking. */
  const confirm = (p: WithdrawalPlan) => {
    if (p.payoutIdr <= 0) return withdraw.mutate({ balance: p.balanceIdr }, asking);
    const parsed = PayoutDestination.safeParse(destinationOf(destination));
    if (!parsed.success) return setDestinationErrors(fieldMessages(parsed.error.issues, getLanguage()));
    setDestinationErrors({});
    withdraw.mutate({ balance: p.balanceIdr, to: parsed.data }, asking);
  };

  let body;
  if (withdraw.data) body = <Result withdrawal={withdraw.data} t={t} onClose={onClose} />;
  else if (plan.isPending) body = <p className="text-sm text-slate-700" role="status">{t.loading}</p>;
  else if (plan.isError || !plan.data) body = <p className="text-sm text-red-700" role="alert">{t.loadFailed}</p>;
  else if (plan.data.balanceIdr <= 0) body = <p className="text-sm text-slate-700">{t.nothing}</p>;
  else {
    const p = plan.data;
    body = (
      <div className="space-y-4">
        <div className="rounded-2xl bg-slate-50 px-4 py-3">
          <p className="text-xs font-medium text-slate-600">{t.balance}</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900">{formatRupiah(p.balanceIdr)}</p>
          <p className="mt-1 text-xs text-slate-700">{t.total(formatRupiah(p.refundIdr), formatRupiah(p.payoutIdr))}</p>
        </div>
        <PlanDetails plan={p} t={t} />
        {p.payoutIdr > 0 && <DestinationFields amount={p.payoutIdr} form={destination} onChange={setDestination} errors={destinationErrors} t={t} />}
        {withdraw.isError && <p className="text-sm text-red-700" role="alert">{serverMessage(withdraw.error, t.failed)}</p>}
        <div className="flex gap-2">
          <button type="button" onClick={onClose} className="min-h-11 flex-1 rounded-full px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">{t.cancel}</button>
          <button
            type="button"
            disabled={withdraw.isPending}
            onClick={() => confirm(p)}
            className="min-h-11 flex-[2] rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {withdraw.isPending ? t.confirming : t.confirm(formatRupiah(p.balanceIdr))}
          </button>
        </div>
      </div>
    );
  }

  return (
    <Dialog open placement="sheet" title={t.title} onClose={onClose}>
      {body}
    </Dialog>
  );
}

/** The Profile card that opens the withdrawal. */
export function WithdrawCard({ balance }: { balance: number }) {
  const t = useMessages(withdrawalTexts);
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="withdraw-title" className="rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-100">
      <h2 id="withdraw-title" className="text-sm font-semibold text-slate-900">{t.title}</h2>
      <p className="mt-1 text-sm text-slate-700">{balance > 0 ? t.intro : t.nothing}</p>
      <button
        type="button"
        disabled={balance <= 0}
        onClick={() => setOpen(true)}
        className="mt-3 min-h-11 w-full rounded-full px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 disabled:text-slate-600 disabled:ring-slate-200"
      >
        {t.open}
      </button>
      {open && <WithdrawSheet onClose={() => setOpen(false)} />}
    </section>
  );
}
