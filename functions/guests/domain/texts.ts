import { formatRupiah } from '@shared/money';

/**
 * What the server says to people about guest orders, receipts and refunds, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */

// Guest orders.
export const walletTokenRequired = { en: 'A wallet payment token is required', id: 'Token pembayaran dompet digital diperlukan' };
export const keyReusedOrder = { en: 'This Idempotency-Key was already used for a different order', id: 'Idempotency-Key ini sudah dipakai untuk pesanan lain' };
export const tooManyUnpaidOrders = (minutes: number) => ({
  en: `Too many unpaid orders from here right now; please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  id: `Terlalu banyak pesanan yang belum dibayar dari sini saat ini; silakan coba lagi dalam ${minutes} menit`,
});
export const orderNotFound = { en: 'Order not found', id: 'Pesanan tidak ditemukan' };
export const guestNotStarted = (amount: number) => ({
  en: `The station could not be started, so your payment of ${formatRupiah(amount)} is refunded in full.`,
  id: `Stasiun tidak dapat dimulai, jadi pembayaran Anda sebesar ${formatRupiah(amount)} dikembalikan seluruhnya.`,
});
export const guestPaidTooLate = (amount: number) => ({
  en: `Your payment of ${formatRupiah(amount)} was confirmed too late to start the station, so it is refunded in full.`,
  id: `Pembayaran Anda sebesar ${formatRupiah(amount)} dikonfirmasi terlambat untuk memulai stasiun, jadi dikembalikan seluruhnya.`,
});

// Guest receipts kept by an account.
export const receiptNotFinal = { en: 'This refill is not finished yet; claim it once the receipt is final', id: 'Isi ulang ini belum selesai; simpan setelah struknya final' };
export const receiptPaidOut = { en: 'This money was already paid out to you by our team', id: 'Uang ini sudah dibayarkan kepada Anda oleh tim kami' };
export const receiptKeptByAnother = { en: 'Another account already keeps this receipt', id: 'Akun lain sudah menyimpan struk ini' };

// Refused guest refunds the team pays out (the admin console).
export const noRefusedRefund = { en: 'No refused refund with this order id', id: 'Tidak ada pengembalian dana yang ditolak dengan ID pesanan ini' };
export const guestClaimedAlready = { en: 'The guest claimed this money into an account already', id: 'Tamu sudah memindahkan uang ini ke sebuah akun' };
export const refundPaidOutAlready = { en: 'This refund was paid out already', id: 'Pengembalian dana ini sudah dibayarkan' };
export const refundTakenMeanwhile = { en: 'This refund was claimed or paid out meanwhile', id: 'Pengembalian dana ini sementara itu sudah diklaim atau dibayarkan' };
