import { formatRupiah } from '@shared/money';

/**
 * What the server says to people about the wallet, its payments and the book, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */

// Payments: top-ups and purchases.
export const volumeTooSmall = { en: 'The volume is too small to pay for', id: 'Volumenya terlalu kecil untuk dibayar' };
export const walletTokenRequiredTopup = { en: 'A wallet payment token is required for Google Pay and Apple Pay', id: 'Token pembayaran dompet digital diperlukan untuk Google Pay dan Apple Pay' };
export const idempotencyKeyMissing = {
  en: 'The Idempotency-Key header is required (a fresh UUID per payment; resend the same one to retry)',
  id: 'Header Idempotency-Key wajib ada (UUID baru untuk setiap pembayaran; kirim yang sama untuk mencoba lagi)',
};
export const idempotencyKeyMalformed = {
  en: 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . : ~',
  id: 'Header Idempotency-Key harus 8 sampai 128 huruf, angka atau - _ . : ~',
};
export const keyReusedPurchase = { en: 'This Idempotency-Key was already used for a different purchase', id: 'Idempotency-Key ini sudah dipakai untuk pembelian lain' };
export const keyReusedTopup = { en: 'This Idempotency-Key was already used for a different top-up', id: 'Idempotency-Key ini sudah dipakai untuk isi saldo lain' };
export const keyReusedWithdrawal = { en: 'This Idempotency-Key was already used for a different withdrawal', id: 'Idempotency-Key ini sudah dipakai untuk penarikan lain' };
export const keyReusedRequest = { en: 'This idempotency key was already used for a different request', id: 'Kunci idempotensi ini sudah dipakai untuk permintaan lain' };
export const topupNotFound = { en: 'Top-up not found', id: 'Isi saldo tidak ditemukan' };
export const gatewayUnreachable = { en: 'The payment gateway could not be reached. Please try again.', id: 'Gerbang pembayaran tidak dapat dihubungi. Silakan coba lagi.' };
export const paymentDeclined = { en: 'The payment was declined', id: 'Pembayaran ditolak' };
export const paymentDeclinedOrCancelled = { en: 'The payment was declined or cancelled', id: 'Pembayaran ditolak atau dibatalkan' };
export const paymentNotCompleted = { en: 'The payment was not completed in time', id: 'Pembayaran tidak diselesaikan tepat waktu' };
export const paymentNotStarted = { en: 'The payment could not be started', id: 'Pembayaran tidak dapat dimulai' };
export const paymentRefunded = { en: 'The payment was refunded', id: 'Pembayaran telah dikembalikan' };
export const paidNoSession = {
  en: 'Paid. The amount is in your wallet: tap NFC Pay at the station to start your refill.',
  id: 'Sudah dibayar. Jumlahnya ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mulai mengisi.',
};
export const purchasePaidTooLate = (amount: number, minutes: number) => ({
  en: `Your payment of ${formatRupiah(amount)} was confirmed more than ${minutes} minute${minutes === 1 ? '' : 's'} after you paid, so the refill was not started. The amount is in your wallet: tap NFC Pay at the station to refill.`,
  id: `Pembayaran Anda sebesar ${formatRupiah(amount)} dikonfirmasi lebih dari ${minutes} menit setelah Anda membayar, jadi isi ulang tidak dimulai. Jumlahnya ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mengisi.`,
});

// Wallet.
/** The ledger refuses a transfer made on a balance that changed since it was read (its `expected…Balance`). */
export const balanceChanged = { en: 'The balance changed, reload', id: 'Saldo berubah, muat ulang' };
export const walletBusy = { en: 'The wallet is busy, please try again', id: 'Dompet sedang sibuk, silakan coba lagi' };
export const insufficientBalanceShort = { en: 'Insufficient balance', id: 'Saldo tidak cukup' };
export const nothingToWithdraw = { en: 'There is nothing to withdraw', id: 'Tidak ada yang bisa ditarik' };
export const withdrawalVoided = {
  en: 'This withdrawal was interrupted and replaced by a newer one; what it had not refunded is back in your wallet',
  id: 'Penarikan ini terputus dan digantikan oleh yang lebih baru; yang belum dikembalikan sudah kembali ke dompet Anda',
};
export const withdrawalNotReserved = {
  en: 'This withdrawal was started before balances were set aside for withdrawals; please contact support',
  id: 'Penarikan ini dimulai sebelum saldo disisihkan untuk penarikan; silakan hubungi dukungan',
};
export const withdrawalInProgress = { en: 'Another withdrawal is in progress; please wait a moment and reload', id: 'Penarikan lain sedang berlangsung; tunggu sebentar lalu muat ulang' };
export const gatewayUnreachableWithdrawal = {
  en: 'The payment gateway cannot be reached; please try again (nothing is refunded twice)',
  id: 'Gerbang pembayaran tidak dapat dihubungi; silakan coba lagi (tidak ada yang dikembalikan dua kali)',
};
export const ownTransactionsOnly = { en: 'You can only see your own transactions', id: 'Anda hanya dapat melihat transaksi Anda sendiri' };
export const badCursor = { en: 'This page cursor does not belong to this list', id: 'Penanda halaman ini bukan milik daftar ini' };
export const payoutDestinationRequired = { en: 'Tell us where to send the part our team pays out', id: 'Beri tahu kami ke mana bagian yang dibayarkan tim kami dikirim' };
export const payoutNotFound = { en: 'Payout request not found', id: 'Permintaan pembayaran tidak ditemukan' };
export const payoutAlready = (status: string) => ({ en: `This payout request is already ${status}`, id: `Permintaan pembayaran ini sudah berstatus ${status}` });

// The console's exports.
export const exportTooLarge = (max: number) => ({
  en: `More than ${max.toLocaleString('en-US')} transactions in this range: export a shorter one`,
  id: `Lebih dari ${max.toLocaleString('id-ID')} transaksi dalam rentang ini: ekspor rentang yang lebih pendek`,
});

// The book.
export const dayNotBegun = { en: 'This day has not begun in Bali yet', id: 'Hari ini belum dimulai di Bali' };
