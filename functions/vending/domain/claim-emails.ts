import { formatBaliStamp } from '@shared/format';
import type { Language } from '@shared/language';
import { formatRupiah, type Rupiah } from '@shared/money';
import type { EmailTemplate } from '../../platform/domain/email-template';
import type { ClaimRecord } from '../ports/claims';

/**
 * The outcome of a claim on a refill (docs/architecture.md, "E-mail"), one e-mail for a wallet's claim and a guest's:
 * a wallet's credit lands in the wallet, a guest's goes back to the app or card the guest paid with.
 */
export interface ClaimOutcomeEmailData {
  outcome: 'credited' | 'declined';
  amountIdr: Rupiah;
  /** Where the credit goes: the person's wallet, or the guest's payment (the refill is then named by its receipt). */
  creditedTo: 'wallet' | 'payment';
  machineName: string;
  /** When the refill began (an instant), shown on Bali's clock; null when the receipt names the refill. */
  vendAt: string | null;
  /** The guest's receipt number, for a guest's claim. */
  receipt: string | null;
  /** The reason as the deciding admin (or the station's record) gave it, as written. */
  reason: string;
}

/** The refill as the e-mail names it: its station and when, or its station and the receipt. */
function refillOf(d: ClaimOutcomeEmailData, language: Language): string {
  const receiptWord = language === 'id' ? 'struk' : 'receipt';
  if (d.receipt) return `${d.machineName} (${receiptWord} ${d.receipt})`;
  return d.vendAt ? `${d.machineName}, ${formatBaliStamp(d.vendAt, language)}` : d.machineName;
}

export const claimOutcomeEmail: EmailTemplate<ClaimOutcomeEmailData> = {
  en: (d) => {
    const [amount, refill] = [formatRupiah(d.amountIdr), refillOf(d, 'en')];
    if (d.outcome === 'declined') return { subject: 'Your refill claim was declined', lines: [`We looked at your claim on the refill at ${refill} and declined it.`, `Reason: ${d.reason}`] };
    return d.creditedTo === 'wallet'
      ? { subject: `Your refill claim: ${amount} back in your wallet`, lines: [`We credited ${amount} to your Bali Refill wallet for your refill at ${refill}.`, `Why: ${d.reason}`] }
      : { subject: `Your refill claim: ${amount} refunded`, lines: [`We refund ${amount} for your refill at ${refill} to the app or card you paid with.`, `Why: ${d.reason}`] };
  },
  id: (d) => {
    const [amount, refill] = [formatRupiah(d.amountIdr), refillOf(d, 'id')];
    if (d.outcome === 'declined') return { subject: 'Klaim isi ulang Anda ditolak', lines: [`Kami memeriksa klaim Anda atas isi ulang di ${refill} dan menolaknya.`, `Alasan: ${d.reason}`] };
    return d.creditedTo === 'wallet'
      ? { subject: `Klaim isi ulang: ${amount} kembali ke dompet`, lines: [`Kami mengembalikan ${amount} ke dompet Bali Refill Anda untuk isi ulang di ${refill}.`, `Alasan: ${d.reason}`] }
      : { subject: `Klaim isi ulang: ${amount} dikembalikan`, lines: [`Kami mengembalikan ${amount} untuk isi ulang Anda di ${refill} ke aplikasi atau kartu yang Anda pakai membayar.`, `Alasan: ${d.reason}`] };
  },
};

/**
 * A decided claim as its outcome e-mail shows it: a wallet's refill by its station and time; a guest's by the
 * order's station and receipt number (`guestOrder`), its credit going back to the guest's payment.
 */
export function claimOutcomeData(
  claim: Pick<ClaimRecord, 'status' | 'creditedIdr' | 'resolution' | 'machineName' | 'vendAt'>,
  guestOrder?: { orderId: string; machineName: string },
): ClaimOutcomeEmailData {
  return {
    outcome: claim.status === 'credited' ? 'credited' : 'declined',
    amountIdr: claim.creditedIdr,
    creditedTo: guestOrder ? 'payment' : 'wallet',
    machineName: guestOrder?.machineName ?? claim.machineName,
    vendAt: guestOrder ? null : claim.vendAt,
    receipt: guestOrder?.orderId ?? null,
    reason: claim.resolution?.reason ?? '',
  };
}
