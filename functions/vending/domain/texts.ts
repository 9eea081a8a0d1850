import { formatRupiah } from '@shared/money';

/**
 * What the server says to people about refills, NFC tokens, claims and incidents, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */

// Refills, and what became of an NFC token that ended with nothing charged (GET /api/nfc/tokens/{id}).
export const insufficientBalance = (minimum: number) => ({
  en: `Insufficient balance: you need at least ${formatRupiah(minimum)} to refill. Top up your wallet and try again.`,
  id: `Saldo tidak cukup: Anda perlu minimal ${formatRupiah(minimum)} untuk mengisi air. Isi ulang dompet Anda lalu coba lagi.`,
});
export const refillInProgress = { en: 'This refill is still in progress', id: 'Isi ulang ini masih berlangsung' };
export const refillNotFound = { en: 'Refill not found', id: 'Isi ulang tidak ditemukan' };
export const owedBeforeToken = (owed: number) => ({
  en: `You owe ${formatRupiah(owed)} for water already dispensed. Top up your wallet to pay it before you refill again.`,
  id: `Anda berutang ${formatRupiah(owed)} untuk air yang sudah dikeluarkan. Isi ulang dompet Anda untuk membayarnya sebelum mengisi air lagi.`,
});
export const nfcTokenNotFound = { en: 'Payment code not found', id: 'Kode pembayaran tidak ditemukan' };
export const notUsedBalance = { en: 'Your balance did not cover the refill. Nothing was charged.', id: 'Saldo Anda tidak cukup untuk isi ulang ini. Tidak ada yang ditagih.' };
export const notUsedStationStopped = { en: 'The station stopped before any water came out. Nothing was charged.', id: 'Stasiun berhenti sebelum air keluar. Tidak ada yang ditagih.' };
export const vendBeingChecked = {
  en: 'The station reported an amount we could not confirm. Our team is checking it; you are charged at most what this code allowed.',
  id: 'Stasiun melaporkan jumlah yang tidak dapat kami pastikan. Tim kami sedang memeriksanya; Anda ditagih paling banyak sebesar yang diizinkan kode ini.',
};
export const notUsedNoReport = { en: 'The station did not confirm the refill in time. Nothing was charged.', id: 'Stasiun tidak mengonfirmasi isi ulang tepat waktu. Tidak ada yang ditagih.' };
export const notUsedNoWater = { en: 'No water came out. Nothing was charged.', id: 'Tidak ada air yang keluar. Tidak ada yang ditagih.' };

// A paid refill the station could not start.
export const paidButUnavailable = (amount: number) => ({
  en: `This station is not available right now. Your payment of ${formatRupiah(amount)} is in your wallet: tap NFC Pay at a station to refill.`,
  id: `Stasiun ini sedang tidak tersedia. Pembayaran Anda sebesar ${formatRupiah(amount)} ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mengisi.`,
});
export const paidAmountGone = {
  en: 'The paid amount is no longer in your wallet, so the refill could not be started.',
  id: 'Jumlah yang dibayar sudah tidak ada di dompet Anda, jadi isi ulang tidak dapat dimulai.',
};

// Claims.
export const claimedAlready = { en: 'This refill has a claim already', id: 'Isi ulang ini sudah memiliki klaim' };
export const nothingCharged = { en: 'This refill charged nothing, so there is nothing to claim', id: 'Isi ulang ini tidak memotong apa pun, jadi tidak ada yang bisa diklaim' };
export const claimWindow = (hours: number) => ({ en: `Claims are taken within ${hours} hours of the refill`, id: `Klaim diterima dalam ${hours} jam setelah isi ulang` });
export const claimNotFound = { en: 'Claim not found', id: 'Klaim tidak ditemukan' };
export const claimResolvedAlready = { en: 'This claim was resolved already', id: 'Klaim ini sudah diselesaikan' };
export const enterCreditAmount = { en: 'Enter the amount to credit', id: 'Masukkan jumlah yang dikreditkan' };
export const moreThanCharged = { en: 'More than the refill charged', id: 'Lebih dari yang ditagih untuk isi ulang' };

// Incidents (the admin console).
export const incidentNotFound = { en: 'Incident not found', id: 'Insiden tidak ditemukan' };
export const incidentResolvedAlready = { en: 'This incident is already resolved', id: 'Insiden ini sudah diselesaikan' };
export const atMostAuthorized = (ml: number) => ({ en: `At most the authorized ${ml} ml`, id: `Paling banyak ${ml} ml yang diotorisasi` });
