import type { Transaction } from '@shared/schemas/transaction';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import {
  formatDateTime,
  formatLitres,
  isDebit,
  signedAmount,
  transactionTitle,
  withdrawalParts,
} from './format';
import { paymentMethodName } from '@shared/payment-methods';
import { ClaimButton, ClaimStateLine } from '../claims/ClaimSheet';
import { DropIcon, PlusIcon } from './icons';

/**
 * One transaction: title, Indonesian date and time, litres and payment method when present, signed amount; on a vend
 * its claim's state, and with `onClaim` the action that opens the claim sheet.
 */
export function TransactionRow({ transaction, onClaim }: { transaction: Transaction; onClaim?: () => void }) {
  const t = useMessages(appTexts).transaction;
  const owed = transaction.type === 'receivable';
  const paidAtStation = transaction.type === 'guest_refill';
  const water = isDebit(transaction) || owed || paidAtStation;
  const details = [
    transaction.volume !== null ? formatLitres(transaction.volume) : null,
    transaction.paymentMethod ? paymentMethodName(transaction.paymentMethod) : null,
  ].filter(Boolean);
  const parts = transaction.withdrawal?.step === 'withdrawn' ? withdrawalParts(transaction.withdrawal, t) : null;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="transaction-row">
      <span
        aria-hidden="true"
        className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl ${owed ? 'bg-amber-50 text-amber-700' : water ? 'bg-brand-50 text-brand-600' : 'bg-emerald-50 text-emerald-700'}`}
      >
        {water ? <DropIcon size={20} /> : <PlusIcon size={20} />}
      </span>
      <div className="min-w-0 flex-1">
        {/* Two lines at most: "Payout returned to wallet" and its Indonesian do not fit one beside the amount at 390 px. */}
        <p className="line-clamp-2 text-sm font-semibold text-slate-900">{transactionTitle(transaction, t)}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
        </p>
        {details.length > 0 && <p className="mt-0.5 truncate text-xs text-slate-500">{details.join(' · ')}</p>}
        {parts && <p className="mt-0.5 text-xs text-slate-600" data-testid="withdrawal-parts">{parts}</p>}
        {paidAtStation && <p className="mt-0.5 text-xs text-slate-500">{t.guestRefill}</p>}
        {transaction.offline && <p className="mt-0.5 text-xs text-slate-500" data-testid="offline-refill">{t.offlineRefill}</p>}
        {transaction.claim && <ClaimStateLine claim={transaction.claim} />}
        {onClaim && <ClaimButton onClick={onClaim} />}
      </div>
      <p className={`shrink-0 text-sm font-bold tabular-nums ${owed ? 'text-amber-700' : water ? 'text-slate-900' : 'text-emerald-700'}`}>{signedAmount(transaction, t)}</p>
    </li>
  );
}
