import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NFC_WALLET_PAYMENT_IDR } from '../../../../shared/constants';
import { formatRupiah } from '../../../../shared/money';
import { newIdempotencyKey, purchaseRefill, refreshWallet, serverMessage, startTopup, validateAppleMerchant } from '../../api/wallet';
import { toast } from '../../components/toast';
import { MerchantValidationFailed, payWithWallet, WalletCancelled, WalletUnavailable, WALLET_NAMES, type CardWallet } from './payment-request';
import { useCardWallets } from './useCardWallets';

/** What the wallet payment pays for: the user's wallet (a top-up) or a refill at a station (a purchase). */
export type WalletPurpose = { kind: 'topup' } | { kind: 'purchase'; machineId: string; volume: number };

export const PAYMENT_TEXTS = {
  failedTitle: 'Payment Failed',
  failedFallback: 'Failed to process payment',
  errorTitle: 'Payment Error',
  errorFallback: 'Payment was cancelled or failed',
  successTitle: 'Payment Successful',
} as const;

/**
 * Google Pay / Apple Pay buttons (Payment Request API). While the browser is asked they show a loading
 * placeholder; then one button per wallet the browser offers, or nothing at all (a headless Chromium has no
 * Google Pay: the component hides itself). Paying shows a processing overlay and ends in a success or
 * failure toast with the spec's texts; the user closing the wallet sheet is not an error.
 */
export function WalletPayButton({
  amount,
  purpose,
  label = 'Bali Refill',
  caption,
  onSuccess,
  className = '',
}: {
  amount: number;
  purpose: WalletPurpose;
  label?: string;
  caption?: string;
  onSuccess?: () => void;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const { status, wallets } = useCardWallets();
  const [processing, setProcessing] = useState<CardWallet | null>(null);

  if (status === 'loading') {
    return (
      <div className={className} data-testid="wallet-pay-loading" aria-busy="true">
        <div className="h-12 w-full animate-pulse rounded-xl bg-slate-200" />
        <span className="sr-only">Checking for Google Pay and Apple Pay</span>
      </div>
    );
  }
  if (wallets.length === 0) return null;

  const pay = async (wallet: CardWallet) => {
    setProcessing(wallet);
    let payment: Awaited<ReturnType<typeof payWithWallet>> | null = null;
    try {
      try {
        payment = await payWithWallet(wallet, {
          amount,
          label,
          validateMerchant: (url) => validateAppleMerchant(url, window.location.hostname),
        });
      } catch (error) {
        if (error instanceof WalletCancelled) return;
        if (error instanceof WalletUnavailable) toast({ title: error.message, variant: 'destructive' });
        else if (error instanceof MerchantValidationFailed) toast({ title: PAYMENT_TEXTS.errorTitle, description: error.message, variant: 'destructive' });
        else toast({ title: PAYMENT_TEXTS.errorTitle, description: (error as Error)?.message || PAYMENT_TEXTS.errorFallback, variant: 'destructive' });
        return;
      }
      try {
        const key = newIdempotencyKey();
        if (purpose.kind === 'topup') {
          const result = await startTopup({ amount, paymentMethod: wallet, walletToken: payment.token }, key);
          if (result.status === 'failed' || result.status === 'expired') throw Object.assign(new Error(result.message ?? PAYMENT_TEXTS.failedFallback), { declined: true });
          await payment.complete('success');
          toast({
            title: PAYMENT_TEXTS.successTitle,
            description: result.status === 'settled' ? `${formatRupiah(amount)} has been added to your balance.` : 'Your payment is being confirmed.',
            variant: 'success',
          });
        } else {
          const result = await purchaseRefill({ machineId: purpose.machineId, volume: purpose.volume, walletToken: payment.token, paymentMethod: wallet }, key);
          await payment.complete('success');
          toast({ title: PAYMENT_TEXTS.successTitle, description: `${formatRupiah(result.amount)} paid for ${result.volume} L.`, variant: 'success' });
        }
        await refreshWallet(queryClient);
        onSuccess?.();
      } catch (error) {
        await payment.complete('fail');
        const declined = (error as { declined?: boolean }).declined ? (error as Error).message : null;
        toast({ title: PAYMENT_TEXTS.failedTitle, description: declined || serverMessage(error, PAYMENT_TEXTS.failedFallback), variant: 'destructive' });
      }
    } finally {
      setProcessing(null);
    }
  };

  return (
    <div className={className} data-testid="wallet-pay">
      {caption && <p className="mb-2 text-center text-xs text-slate-500">{caption}</p>}
      <div className="flex flex-col gap-2">
        {wallets.map((wallet) => (
          <button
            key={wallet}
            type="button"
            disabled={processing !== null}
            onClick={() => void pay(wallet)}
            aria-label={`Pay ${formatRupiah(amount)} with ${WALLET_NAMES[wallet]}`}
            className="flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-black text-sm font-semibold text-white transition hover:bg-slate-800 disabled:opacity-60"
          >
            Pay with {WALLET_NAMES[wallet]}
          </button>
        ))}
      </div>
      {processing && (
        <div className="fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/60 backdrop-blur-sm" role="status" aria-live="assertive">
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-8 py-6 shadow-2xl">
            <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
            <p className="text-sm font-semibold text-slate-800">Processing payment...</p>
            <p className="text-xs text-slate-500">{WALLET_NAMES[processing]} · {formatRupiah(amount)}</p>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * For the NFC dialog: pay the fixed Rp 5,000 (spec section 9) into the wallet with Google Pay or Apple Pay,
 * so the station can be paid by NFC. Renders nothing where the browser offers neither.
 */
export function NfcWalletPayment({ onPaid, className }: { onPaid?: () => void; className?: string }) {
  return (
    <WalletPayButton
      amount={NFC_WALLET_PAYMENT_IDR}
      purpose={{ kind: 'topup' }}
      label="Bali Refill wallet"
      caption={`Or add ${formatRupiah(NFC_WALLET_PAYMENT_IDR)} with your digital wallet`}
      onSuccess={onPaid}
      className={className}
    />
  );
}
