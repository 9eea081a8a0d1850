import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { MIN_TOPUP_IDR } from '@shared/constants';
import { formatRupiah } from '@shared/money';
import { isCardWallet, type PaymentMethod } from '@shared/schemas';
import { newIdempotencyKey, refreshWallet, serverMessage, startTopup, topupQueries, validateAppleMerchant, type TopupStatus } from '../../api/wallet';
import { toast } from '../../components/toast';
import { Sheet } from '../app/Sheet';
import {
  chosenAmount,
  DEFAULT_METHOD,
  DEFAULT_PRESET,
  digitsOnly,
  INVALID_AMOUNT_TITLE,
  isBelowMinimum,
  METHOD_LABELS,
  minimumMessage,
  pendingInstruction,
  PRESETS,
  TOPUP_FAILED_FALLBACK,
  TOPUP_FAILED_TITLE,
} from './amount';
import { MerchantValidationFailed, payWithWallet, WalletCancelled, WalletUnavailable, WALLET_NAMES } from './payment-request';
import { QrCode } from './QrCode';
import { useCardWallets } from './useCardWallets';

const E_WALLETS: PaymentMethod[] = ['ovo', 'gopay', 'qris'];
const onPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

const TOPUP_SUCCESS_TITLE = 'Top Up Successful';

function failureToast(message?: string | null) {
  toast({ title: TOPUP_FAILED_TITLE, description: message || TOPUP_FAILED_FALLBACK, variant: 'destructive' });
}

/**
 * The Top Up sheet of the app home (overlay 'topup'). Contract: rendered only while open; calls onClose
 * when dismissed or after a successful top-up.
 *
 * Presets 25,000 / 50,000 / 100,000 (50,000 chosen), a custom amount that overrides the preset, the method
 * (OVO first; GoPay, QRIS, and Google Pay / Apple Pay where the browser offers them), submit. Below the minimum
 * nothing is sent. While the gateway waits for the customer the sheet shows the QR code or the way to the
 * e-wallet app and follows GET /api/wallet/topup/{id}; when it settles the balance and the history are read
 * again, a confirmation shows and the sheet closes.
 */
export function TopUpSheet({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<number>(DEFAULT_PRESET);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_METHOD);
  const [submitting, setSubmitting] = useState(false);
  const [pending, setPending] = useState<TopupStatus | null>(null);
  const cardWallets = useCardWallets();
  const amount = chosenAmount(preset, custom);
  const customId = useId();
  const closed = useRef(false);
  useEffect(() => {
    // (StrictMode mounts twice in development: reset on every mount.)
    closed.current = false;
    return () => void (closed.current = true);
  }, []);

  const methods: PaymentMethod[] = [...E_WALLETS, ...cardWallets.wallets];

  const finish = async (status: TopupStatus) => {
    if (status.status === 'settled') {
      await refreshWallet(queryClient);
      toast({ title: TOPUP_SUCCESS_TITLE, description: `${formatRupiah(status.amount)} has been added to your balance.`, variant: 'success' });
      if (!closed.current) onClose();
      return true;
    }
    if (status.status === 'failed' || status.status === 'expired' || status.status === 'refunded') {
      failureToast(status.message);
      setPending(null);
      return true;
    }
    return false;
  };

  // Follow a pending top-up until the gateway decides (once per top-up).
  const followed = useQuery({ ...topupQueries.status(pending?.id ?? ''), enabled: pending !== null });
  const decided = useRef<string | null>(null);
  // Reacts to the followed status only; reads the latest pending top-up and finish() without re-running for them.
  const onFollowed = useEffectEvent((data: typeof followed.data, error: unknown) => {
    if (!pending || decided.current === pending.id) return;
    if (data && data.id === pending.id && data.status !== 'pending') {
      decided.current = pending.id;
      void finish(data);
    } else if (error) {
      decided.current = pending.id;
      failureToast(serverMessage(error, TOPUP_FAILED_FALLBACK));
      setPending(null);
    }
  });
  useEffect(() => onFollowed(followed.data, followed.error), [followed.data, followed.error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (isBelowMinimum(amount)) {
      toast({ title: INVALID_AMOUNT_TITLE, description: minimumMessage(), variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    let walletPayment: Awaited<ReturnType<typeof payWithWallet>> | null = null;
    try {
      if (isCardWallet(method)) {
        try {
          walletPayment = await payWithWallet(method, {
            amount,
            label: 'Bali Refill wallet top-up',
            validateMerchant: (url) => validateAppleMerchant(url, window.location.hostname),
          });
        } catch (error) {
          if (error instanceof WalletCancelled) return;
          if (error instanceof WalletUnavailable) toast({ title: error.message, variant: 'destructive' });
          else if (error instanceof MerchantValidationFailed) toast({ title: 'Payment Error', description: error.message, variant: 'destructive' });
          else toast({ title: 'Payment Error', description: (error as Error).message || 'Payment was cancelled or failed', variant: 'destructive' });
          return;
        }
      }
      const status = await startTopup({ amount, paymentMethod: method, ...(walletPayment ? { walletToken: walletPayment.token } : {}) }, newIdempotencyKey());
      await walletPayment?.complete(status.status === 'failed' ? 'fail' : 'success');
      if (await finish(status)) return;
      queryClient.setQueryData(topupQueries.status(status.id).queryKey, status);
      setPending(status);
    } catch (error) {
      await walletPayment?.complete('fail');
      failureToast(serverMessage(error, TOPUP_FAILED_FALLBACK));
    } finally {
      if (!closed.current) setSubmitting(false);
    }
  };

  if (pending) {
    const current = followed.data?.id === pending.id ? followed.data : pending;
    const phone = onPhone();
    return (
      <Sheet title="Top Up" onClose={onClose}>
        <div className="pb-2 text-center" data-testid="topup-pending">
          <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 text-sm font-semibold text-brand-800">
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600" />
            Waiting for your payment...
          </div>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{formatRupiah(current.amount)}</p>
          <p className="text-xs text-slate-500">with {METHOD_LABELS[current.paymentMethod as PaymentMethod] ?? current.paymentMethod}</p>

          {current.deeplink && phone && (
            <a
              href={current.deeplink}
              className="mt-5 flex w-full items-center justify-center rounded-xl bg-brand-600 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
            >
              Open your e-wallet app
            </a>
          )}
          <div className="mt-5">
            {current.qrString ? (
              <QrCode value={current.qrString} label={`${METHOD_LABELS[current.paymentMethod as PaymentMethod] ?? 'QRIS'} payment QR code`} />
            ) : current.qrImageUrl ? (
              <img src={current.qrImageUrl} alt="Payment QR code" data-testid="payment-qr" className="mx-auto aspect-square w-56 rounded-2xl bg-white p-2 ring-1 ring-slate-200" />
            ) : null}
          </div>
          <p className="mt-4 text-sm text-slate-600">{pendingInstruction(current.paymentMethod as PaymentMethod, Boolean(current.deeplink), phone)}</p>
          {current.expiresAt && <p className="mt-1 text-xs text-slate-400">Pay before {new Date(current.expiresAt).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit' })}.</p>}
          <button type="button" onClick={onClose} className="mt-6 w-full rounded-xl bg-slate-100 py-3 text-sm font-semibold text-slate-700 transition hover:bg-slate-200">
            Close
          </button>
          <p className="mt-2 text-xs text-slate-400">Your balance updates as soon as the payment is confirmed.</p>
        </div>
      </Sheet>
    );
  }

  return (
    <Sheet title="Top Up" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-700">Amount</legend>
          <div className="grid grid-cols-3 gap-2">
            {PRESETS.map((value) => {
              const active = custom === '' && preset === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={active}
                  onClick={() => {
                    setPreset(value);
                    setCustom('');
                  }}
                  className={`rounded-xl px-2 py-3 text-sm font-semibold tabular-nums ring-1 transition ${active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-200 hover:ring-brand-300'}`}
                >
                  {formatRupiah(value)}
                </button>
              );
            })}
          </div>
          <label htmlFor={customId} className="mt-3 block text-xs font-medium text-slate-600">Custom amount</label>
          <div className="mt-1 flex items-center rounded-xl bg-white ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-500">
            <span className="pl-3 text-sm text-slate-500" aria-hidden="true">Rp</span>
            <input
              id={customId}
              name="customAmount"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={`Min. ${formatRupiah(MIN_TOPUP_IDR).replace('Rp ', '')}`}
              value={custom}
              onChange={(e) => setCustom(digitsOnly(e.target.value))}
              className="w-full rounded-xl bg-transparent px-2 py-3 text-sm tabular-nums text-slate-900 outline-none"
            />
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-700">Payment method</legend>
          <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Payment method">
            {methods.map((m) => (
              <label
                key={m}
                className={`flex cursor-pointer items-center justify-center rounded-xl px-2 py-3 text-sm font-semibold ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${method === m ? 'bg-brand-50 text-brand-800 ring-brand-500' : 'bg-white text-slate-700 ring-slate-200 hover:ring-brand-300'}`}
              >
                <input type="radio" name="paymentMethod" value={m} checked={method === m} onChange={() => setMethod(m)} className="sr-only" />
                {isCardWallet(m) ? WALLET_NAMES[m] : METHOD_LABELS[m]}
              </label>
            ))}
          </div>
          {cardWallets.status === 'loading' && <p className="mt-2 text-xs text-slate-400" aria-live="polite">Checking for Google Pay and Apple Pay...</p>}
        </fieldset>

        <button
          type="submit"
          disabled={submitting}
          className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 py-3.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {submitting && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
          {submitting ? 'Processing...' : `Top Up ${Number.isFinite(amount) && amount > 0 ? formatRupiah(amount) : ''}`.trim()}
        </button>
        <p className="text-center text-xs text-slate-400">Top-ups from {formatRupiah(MIN_TOPUP_IDR)}. Paid securely through our payment gateway.</p>
      </form>
    </Sheet>
  );
}
