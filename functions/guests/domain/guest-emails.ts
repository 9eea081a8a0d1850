import { formatKg, formatNumber } from '@shared/format';
import type { Language } from '@shared/language';
import { formatRupiah, type Rupiah } from '@shared/money';
import type { EmailTemplate } from '../../platform/domain/email-template';

/**
 * The guests' e-mails (docs/architecture.md, "E-mail"), in the language of the request that made the order or the
 * claim. A guest claim's outcome is the claims' own e-mail (functions/vending/domain/claim-emails.ts).
 */

/** What a guest's receipt shows; `message` is the order's closing note, already in the e-mail's language. */
export interface ReceiptEmailData {
  machineName: string;
  orderId: string;
  /** The receipt's page, absolute (Mailer.linkTo). */
  link: string;
  dispensedMl: number;
  volumeMl: number;
  amountIdr: Rupiah;
  chargedIdr: Rupiah;
  refundedIdr: Rupiah;
  bottlesSaved: number;
  co2SavedKg: number;
  message: string | null;
  /** Why the gateway refused to refund the rest, when it did. */
  refundRefusedReason: string | null;
}

// A receipt counts millilitres: always three decimals of a litre ('1.234 L' / '1,234 L', '1.000 L' / '1,000 L').
const litres = (ml: number, language: Language) => `${formatNumber(ml / 1000, language, 3, 3)} L`;

export const receiptEmail: EmailTemplate<ReceiptEmailData> = {
  en: (d) => ({
    subject: `Your Bali Refill receipt: ${litres(d.dispensedMl, 'en')}, refund ${formatRupiah(d.refundedIdr)}`,
    lines: [
      `Thank you for refilling at ${d.machineName}.`,
      '',
      `Water: ${litres(d.dispensedMl, 'en')} of ${litres(d.volumeMl, 'en')} paid`,
      `Paid: ${formatRupiah(d.amountIdr)}`,
      `Charged: ${formatRupiah(d.chargedIdr)}`,
      `Refunded: ${formatRupiah(d.refundedIdr)}`,
      `Plastic bottles saved: ${d.bottlesSaved} (${formatKg(d.co2SavedKg, 'en')} CO2)`,
      '',
      d.message, d.message && '',
      d.refundRefusedReason && `The payment gateway could not refund the rest (${d.refundRefusedReason}). We keep it for you: open your receipt and create an account to get it as wallet credit.`,
      d.refundRefusedReason && '',
      `Your receipt: ${d.link}`,
      `Receipt number: ${d.orderId}`,
      'Refunds reach your e-wallet or card within a few days, depending on your bank.',
      'Create a free Bali Refill account to keep track of the plastic you save.',
    ],
  }),
  id: (d) => ({
    subject: `Struk Bali Refill Anda: ${litres(d.dispensedMl, 'id')}, dikembalikan ${formatRupiah(d.refundedIdr)}`,
    lines: [
      `Terima kasih telah mengisi air di ${d.machineName}.`,
      '',
      `Air: ${litres(d.dispensedMl, 'id')} dari ${litres(d.volumeMl, 'id')} yang dibayar`,
      `Dibayar: ${formatRupiah(d.amountIdr)}`,
      `Ditagih: ${formatRupiah(d.chargedIdr)}`,
      `Dikembalikan: ${formatRupiah(d.refundedIdr)}`,
      `Botol plastik yang dihemat: ${d.bottlesSaved} (${formatKg(d.co2SavedKg, 'id')} CO2)`,
      '',
      d.message, d.message && '',
      d.refundRefusedReason && `Gerbang pembayaran tidak dapat mengembalikan sisanya (${d.refundRefusedReason}). Kami menyimpannya untuk Anda: buka struk Anda dan buat akun untuk menerimanya sebagai saldo dompet.`,
      d.refundRefusedReason && '',
      `Struk Anda: ${d.link}`,
      `Nomor struk: ${d.orderId}`,
      'Pengembalian dana masuk ke dompet digital atau kartu Anda dalam beberapa hari, tergantung bank Anda.',
      'Buat akun Bali Refill gratis untuk mencatat plastik yang Anda hemat.',
    ],
  }),
};

/** The acknowledgement of a guest's claim that waits for the team. */
export interface ClaimReceivedEmailData {
  machineName: string;
  orderId: string;
}

export const claimReceivedEmail: EmailTemplate<ClaimReceivedEmailData> = {
  en: (d) => ({
    subject: 'We received your refill claim',
    lines: [`We received your claim on the refill at ${d.machineName} (receipt ${d.orderId}).`, 'Our team looks at it within a day and answers you at this address.'],
  }),
  id: (d) => ({
    subject: 'Klaim isi ulang Anda kami terima',
    lines: [`Kami menerima klaim Anda atas isi ulang di ${d.machineName} (struk ${d.orderId}).`, 'Tim kami memeriksanya dalam satu hari dan menjawab Anda di alamat ini.'],
  }),
};
