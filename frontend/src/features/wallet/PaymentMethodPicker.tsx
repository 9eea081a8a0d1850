import { paymentMethodName } from '@shared/payment-methods';
import type { TopupPaymentMethod } from '@shared/schemas/transaction';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';

/** The way to pay: the e-wallets, a card on the gateway's page, and Google Pay or Apple Pay where the browser offers them. */
export function PaymentMethodPicker({ methods, method, onChange, checkingWallets }: { methods: TopupPaymentMethod[]; method: TopupPaymentMethod; onChange: (method: TopupPaymentMethod) => void; checkingWallets: boolean }) {
  const t = useMessages(walletTexts);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-700">{t.paymentMethod}</legend>
      <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label={t.paymentMethod}>
        {methods.map((m) => (
          <label
            key={m}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-2 py-3 text-center text-sm font-semibold ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${method === m ? 'bg-brand-50 text-brand-800 ring-brand-500' : 'bg-white text-slate-700 ring-slate-200 hover:ring-brand-300'}`}
          >
            <input type="radio" name="paymentMethod" value={m} checked={method === m} onChange={() => onChange(m)} className="sr-only" />
            {paymentMethodName(m)}
          </label>
        ))}
      </div>
      {checkingWallets && <p className="mt-2 text-xs text-slate-600" aria-live="polite">{t.checkingWallets}</p>}
    </fieldset>
  );
}
