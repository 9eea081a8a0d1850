import { formatTime } from '@shared/format';
import { formatRupiah } from '@shared/money';
import { paymentMethodName } from '@shared/payment-methods';
import type { PaymentMethod } from '@shared/schemas/transaction';
import type { TopupStatus } from '../../api/wallet';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';
import { pendingInstruction } from './amount';
import { QrCode } from './QrCode';

const onPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

/** A top-up the gateway waits for the customer to pay: the amount, the QR code or the way to the e-wallet app. */
export function WaitingForPayment({ topup, onClose }: { topup: TopupStatus; onClose: () => void }) {
  const texts = useMessages(walletTexts);
  const t = texts.waiting;
  const language = useLanguage();
  const phone = onPhone();
  const method = paymentMethodName(topup.paymentMethod);
  return (
    <div className="pb-2 text-center" data-testid="topup-pending">
      <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 text-sm font-semibold text-brand-800">
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600" />
        {t.status}
      </div>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{formatRupiah(topup.amount)}</p>
      <p className="text-xs text-slate-600">{t.with(method)}</p>

      {topup.deeplink && phone && (
        <a href={topup.deeplink} className="mt-5 flex w-full items-center justify-center rounded-xl bg-brand-600 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700">
          {t.openApp}
        </a>
      )}
      {/* A card: the gateway's page, where the browser went first; from here again after coming back unpaid. */}
      {topup.redirectUrl && (
        <a href={topup.redirectUrl} className="mt-5 flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700">
          {t.payOnCardPage}
        </a>
      )}
      <div className="mt-5">
        {topup.qrString ? (
          <QrCode value={topup.qrString} label={t.qrLabel(method)} fileName={`bali-refill-qris-${topup.id}`} />
        ) : topup.qrImageUrl ? (
          <img src={topup.qrImageUrl} alt={t.qrAlt} data-testid="payment-qr" className="mx-auto aspect-square w-56 rounded-2xl bg-white p-2 ring-1 ring-slate-200" />
        ) : null}
      </div>
      <p className="mt-4 text-sm text-slate-600">{pendingInstruction(topup.paymentMethod as PaymentMethod, Boolean(topup.deeplink), phone, texts.instructions)}</p>
      {topup.expiresAt && <p className="mt-1 text-xs text-slate-600">{t.payBefore(formatTime(topup.expiresAt, language) ?? '')}</p>}
      <button type="button" onClick={onClose} className="mt-6 w-full rounded-xl bg-slate-100 py-3 text-sm font-semibold text-slate-700 transition hover:bg-slate-200">
        {t.close}
      </button>
      <p className="mt-2 text-xs text-slate-600">{t.balanceUpdates}</p>
    </div>
  );
}
