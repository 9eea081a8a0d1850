import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRupiah } from '@shared/money';
import { payoutDestinationLabel } from '@shared/payout-destination';
import { paymentMethodName } from '@shared/payment-methods';
import type { HeldGuestRefund } from '@shared/schemas/guest';
import type { PayoutRequest } from '@shared/schemas/withdrawal';
import { authedApi } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { useMessages } from '../../i18n/messages';
import { withdrawalTexts } from '../../i18n/withdrawal';
import { payoutReason } from '../wallet/WithdrawSheet';
import { formatDateTime } from './format';
import { Button } from '@frontend/components/ui';
import { adminKeys, adminQueries } from '@frontend/api/admin';

type Status = PayoutRequest['status'];

/**
 * Payout requests (docs/payments.md, "Withdrawals"): the parts of users' withdrawals the gateway could not refund,
 * with why and where the user asked it sent (in full: the operator types it into the transfer). The operator sends
 * the money and marks it paid with the transfer's reference, or returns it to the wallet (a ledger credit) with why.
 */
export function PayoutsPanel() {
  const t = useMessages(withdrawalTexts).admin;
  const [status, setStatus] = useState<Status>('open');
  const payouts = useQuery(adminQueries.payouts(status));
  const items = payouts.data ?? [];
  return (
    <section aria-labelledby="payouts-title" className="mx-6 mt-5 rounded-xl bg-sky-50/60 p-4 ring-1 ring-sky-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="payouts-title" className="text-sm font-semibold text-sky-950">{t.heading}</h3>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t.show}
          <select value={status} onChange={(e) => setStatus(e.target.value as Status)} className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm">
            {(['open', 'paid', 'returned'] as const).map((s) => <option key={s} value={s}>{t.statuses[s]}</option>)}
          </select>
        </label>
      </div>
      {payouts.isPending ? (
        <p className="mt-2 text-sm text-slate-700">{t.loading}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-sky-100" aria-label={t.heading}>
          {items.map((payout) => <PayoutRow key={payout.id} payout={payout} />)}
        </ul>
      )}
    </section>
  );
}

function PayoutRow({ payout }: { payout: PayoutRequest }) {
  const texts = useMessages(withdrawalTexts);
  const t = texts.admin;
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const day = (iso: string) => formatDateTime(iso);

  const resolve = async (outcome: 'paid' | 'returned') => {
    setBusy(true);
    try {
      const body = outcome === 'paid' ? { outcome, transferReference: reference, note } : { outcome, note };
      await authedApi('adminResolvePayout', { params: { id: payout.id }, body });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      toast({ title: t.done, description: `${payout.username}: ${formatRupiah(payout.amountIdr)}`, variant: 'success' });
    } catch (error) {
      toast({ title: t.failed, description: error instanceof ApiRequestError ? error.serverMessage : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-2 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">{payout.username} {payout.email && <span className="text-xs text-slate-600">{payout.email}</span>}</p>
        <p className="font-semibold tabular-nums text-slate-900">{formatRupiah(payout.amountIdr)}</p>
      </div>
      <p className="text-xs text-slate-700">
        <span className="font-mono">{payout.id}</span> · {t.requested(day(payout.createdAt))}
        {payout.resolvedAt ? ` · ${t.resolved(day(payout.resolvedAt), payout.resolvedBy ?? '')}` : ''}
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-slate-800">
        {payout.lines.map((line, i) => <li key={i}>{formatRupiah(line.amountIdr)}: {payoutReason(line, texts, day)}</li>)}
      </ul>
      <p className="text-slate-900" data-testid="payout-destination">
        <span className="text-xs font-medium text-slate-600">{t.sendTo}: </span>
        {payout.destination ? <span className="select-all font-medium">{payoutDestinationLabel(payout.destination, 'full')}</span> : <span className="text-amber-800">{t.noDestination}</span>}
      </p>
      {payout.transferReference && <p className="text-slate-800">{t.paidWith(payout.transferReference)}</p>}
      {payout.note && <p className="whitespace-pre-wrap text-slate-800">{payout.note}</p>}
      {payout.status === 'open' && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs font-medium text-slate-700">
            {t.transferReference}
            <input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} title={t.transferReferenceHint} autoComplete="off" className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm" />
          </label>
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs font-medium text-slate-700">
            {t.note}
            <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm" />
          </label>
          <Button className="min-h-11" disabled={busy || reference.trim().length < 4} onClick={() => void resolve('paid')}>{t.markPaid}</Button>
          <Button className="min-h-11" variant="ghost" disabled={busy || !note.trim()} onClick={() => void resolve('returned')}>{t.returnToWallet}</Button>
        </div>
      )}
    </li>
  );
}

/**
 * Guest refunds the gateway refused (docs/payments.md, "Guest orders"), still held in their guest accounts: the
 * operator sends the money outside the gateway and records it here, with a note (the guest account's ledger debit).
 */
export function HeldGuestRefundsPanel() {
  const t = useMessages(withdrawalTexts).admin;
  const held = useQuery(adminQueries.heldGuestRefunds());
  const items = held.data ?? [];
  return (
    <section aria-labelledby="guest-refunds-title" className="mx-6 mt-5 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200">
      <h3 id="guest-refunds-title" className="text-sm font-semibold text-amber-950">{t.guestHeading}</h3>
      <p className="mt-1 text-xs text-slate-700">{t.guestIntro}</p>
      {held.isPending ? (
        <p className="mt-2 text-sm text-slate-700">{t.loading}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t.guestEmpty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-amber-100" aria-label={t.guestHeading}>
          {items.map((refund) => <HeldGuestRefundRow key={refund.orderId} refund={refund} />)}
        </ul>
      )}
    </section>
  );
}

function HeldGuestRefundRow({ refund }: { refund: HeldGuestRefund }) {
  const t = useMessages(withdrawalTexts).admin;
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const payOut = async () => {
    setBusy(true);
    try {
      await authedApi('adminPayOutGuestRefund', { params: { id: refund.orderId }, body: { note } });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      toast({ title: t.guestDone, description: `${refund.orderId}: ${formatRupiah(refund.heldIdr)}`, variant: 'success' });
    } catch (error) {
      toast({ title: t.failed, description: error instanceof ApiRequestError ? error.serverMessage : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="space-y-2 py-3 text-sm" data-testid="held-guest-refund">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono text-xs text-slate-900">{refund.orderId} {refund.email && <span className="font-sans text-slate-600">{refund.email}</span>}</p>
        <p className="font-semibold tabular-nums text-slate-900">{formatRupiah(refund.heldIdr)}</p>
      </div>
      <p className="text-xs text-slate-700">{t.guestLine(refund.stationName, paymentMethodName(refund.paymentMethod), formatDateTime(refund.refusedAt))}</p>
      <p className="text-slate-800">{refund.reason}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-xs font-medium text-slate-700">
          {t.guestNote}
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm" />
        </label>
        <Button className="min-h-11" disabled={busy || !note.trim()} onClick={() => void payOut()}>{t.guestPaidOut}</Button>
      </div>
    </li>
  );
}
