import { useState, type FormEvent } from 'react';
import { MIN_TOPUP_IDR } from '@shared/constants';
import { formatRupiah } from '@shared/money';
import type { TopupPaymentMethod } from '@shared/schemas/transaction';
import { toast } from '../../components/toast';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';
import { chosenAmount, DEFAULT_METHOD, DEFAULT_PRESET, isBelowMinimum, PRESETS } from './amount';
import { AmountPicker } from './AmountPicker';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import type { TopUpRequest } from '../../api/wallet';
import { useCardWallets } from './useCardWallets';

/** Always offered: the e-wallets, and a card on the gateway's hosted page (docs/payments.md, "Paying as a foreigner"). */
const EVERY_PHONE: TopupPaymentMethod[] = ['ovo', 'gopay', 'qris', 'card'];

/**
 * The top-up form: presets 25,000 / 50,000 / 100,000 (50,000 chosen), a custom amount that overrides the preset,
 * the method (OVO first; GoPay, QRIS, a card on the gateway's page, and Google Pay / Apple Pay where the browser offers
 * them), submit. Below the minimum nothing is sent. After a top-up failed (`failed`: a declined card back from the
 * gateway's page, too) it opens with that top-up's amount and method, so trying again is one tap.
 */
export function TopUpForm({ busy, onSubmit, failed }: { busy: boolean; onSubmit: (request: TopUpRequest) => void; failed?: { amount: number; method: string } | null }) {
  const t = useMessages(walletTexts);
  const failedPreset = failed && (PRESETS as readonly number[]).includes(failed.amount);
  const [preset, setPreset] = useState<number>(failedPreset ? failed.amount : DEFAULT_PRESET);
  const [custom, setCustom] = useState(failed && !failedPreset ? String(failed.amount) : '');
  // A card wallet may not be offered again (the browser is asked anew): then the default.
  const [method, setMethod] = useState<TopupPaymentMethod>(EVERY_PHONE.find((offered) => offered === failed?.method) ?? DEFAULT_METHOD);
  const cardWallets = useCardWallets();
  const amount = chosenAmount(preset, custom);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (isBelowMinimum(amount)) {
      toast({ title: t.invalidAmount, description: t.minimum(MIN_TOPUP_IDR), variant: 'destructive' });
      return;
    }
    onSubmit({ amount, method });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <AmountPicker
        preset={preset}
        custom={custom}
        onPreset={(value) => {
          setPreset(value);
          setCustom('');
        }}
        onCustom={setCustom}
      />
      <PaymentMethodPicker methods={[...EVERY_PHONE, ...cardWallets.wallets]} method={method} onChange={setMethod} checkingWallets={cardWallets.status === 'loading'} />
      {method === 'card' && <p className="-mt-3 text-xs text-slate-600">{t.cardHint}</p>}
      <button
        type="submit"
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 py-3.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
        {busy ? t.processing : t.submit(Number.isFinite(amount) && amount > 0 ? formatRupiah(amount) : '')}
      </button>
      <p className="text-center text-xs text-slate-600">{t.footnote(formatRupiah(MIN_TOPUP_IDR))}</p>
    </form>
  );
}
