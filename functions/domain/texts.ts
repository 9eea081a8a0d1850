import type { Language, Localized } from '@shared/language';
import { formatRupiah } from '@shared/money';
import { minimumTopupMessage } from '@shared/schemas';
import { BALANCE_CHANGED } from '../ports/ledger';

/** A number as Indonesian writes it (a decimal comma). */
const decimal = (n: number) => String(n).replace('.', ',');

/**
 * What the server says to the people of the public site, the guest pages and the app, in both languages
 * (docs/design.md, "Error texts"). The English text is also the error's own message in logs, word for word as before.
 */
export const texts = {
  // Identity (the HTTP adapter's defaults).
  signInRequired: { en: 'Sign in required', id: 'Silakan masuk terlebih dahulu' },
  noAccess: { en: 'You do not have access to this', id: 'Anda tidak memiliki akses ke sini' },
  adminRequired: { en: 'Administrator access required', id: 'Hanya untuk administrator' },
  onlyForRole: (roles: string) => ({ en: `Only for the role ${roles}`, id: `Hanya untuk peran ${roles}` }),
  invalidJson: { en: 'Request body must be valid JSON', id: 'Isi permintaan harus JSON yang valid' },
  invalidRequest: { en: 'Invalid request', id: 'Permintaan tidak valid' },
  invalidPart: (where: 'path' | 'query' | 'request', summary: Localized) => ({
    en: `Invalid ${where}: ${summary.en}`,
    id: `${{ path: 'Alamat', query: 'Kueri', request: 'Permintaan' }[where]} tidak valid: ${summary.id}`,
  }),
  serviceUnavailable: { en: 'Service temporarily unavailable, please try again', id: 'Layanan sedang tidak tersedia, silakan coba lagi' },
  internalError: { en: 'Internal error', id: 'Terjadi kesalahan internal' },

  // Stations and refills.
  stationNotFound: { en: 'Station not found', id: 'Stasiun tidak ditemukan' },
  noSuchStation: { en: 'No such station', id: 'Stasiun tidak ditemukan' },
  stationNotAvailable: { en: 'This station is not available right now', id: 'Stasiun ini sedang tidak tersedia' },
  atMostPerRefill: (litres: number) => ({ en: `This station dispenses at most ${litres} L per refill`, id: `Stasiun ini mengisi paling banyak ${String(litres).replace('.', ',')} L per isi ulang` }),
  volumeTooSmall: { en: 'The volume is too small to pay for', id: 'Volumenya terlalu kecil untuk dibayar' },
  insufficientBalance: (minimum: number) => ({
    en: `Insufficient balance: you need at least ${formatRupiah(minimum)} to refill. Top up your wallet and try again.`,
    id: `Saldo tidak cukup: Anda perlu minimal ${formatRupiah(minimum)} untuk mengisi air. Isi ulang dompet Anda lalu coba lagi.`,
  }),
  refillInProgress: { en: 'This refill is still in progress', id: 'Isi ulang ini masih berlangsung' },
  refillNotFound: { en: 'Refill not found', id: 'Isi ulang tidak ditemukan' },

  // Payments: top-ups, purchases, guest orders.
  walletTokenRequired: { en: 'A wallet payment token is required', id: 'Token pembayaran dompet digital diperlukan' },
  walletTokenRequiredTopup: { en: 'A wallet payment token is required for Google Pay and Apple Pay', id: 'Token pembayaran dompet digital diperlukan untuk Google Pay dan Apple Pay' },
  idempotencyKeyMissing: {
    en: 'The Idempotency-Key header is required (a fresh UUID per payment; resend the same one to retry)',
    id: 'Header Idempotency-Key wajib ada (UUID baru untuk setiap pembayaran; kirim yang sama untuk mencoba lagi)',
  },
  idempotencyKeyMalformed: {
    en: 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . : ~',
    id: 'Header Idempotency-Key harus 8 sampai 128 huruf, angka atau - _ . : ~',
  },
  keyReusedOrder: { en: 'This Idempotency-Key was already used for a different order', id: 'Idempotency-Key ini sudah dipakai untuk pesanan lain' },
  keyReusedPurchase: { en: 'This Idempotency-Key was already used for a different purchase', id: 'Idempotency-Key ini sudah dipakai untuk pembelian lain' },
  keyReusedTopup: { en: 'This Idempotency-Key was already used for a different top-up', id: 'Idempotency-Key ini sudah dipakai untuk isi saldo lain' },
  keyReusedWithdrawal: { en: 'This Idempotency-Key was already used for a different withdrawal', id: 'Idempotency-Key ini sudah dipakai untuk penarikan lain' },
  keyReusedRequest: { en: 'This idempotency key was already used for a different request', id: 'Kunci idempotensi ini sudah dipakai untuk permintaan lain' },
  tooManyOrders: { en: 'Too many orders right now; please try again later', id: 'Terlalu banyak pesanan saat ini; silakan coba lagi nanti' },
  orderNotFound: { en: 'Order not found', id: 'Pesanan tidak ditemukan' },
  topupNotFound: { en: 'Top-up not found', id: 'Isi saldo tidak ditemukan' },
  gatewayUnreachable: { en: 'The payment gateway could not be reached. Please try again.', id: 'Gerbang pembayaran tidak dapat dihubungi. Silakan coba lagi.' },
  paymentDeclined: { en: 'The payment was declined', id: 'Pembayaran ditolak' },
  paymentDeclinedOrCancelled: { en: 'The payment was declined or cancelled', id: 'Pembayaran ditolak atau dibatalkan' },
  paymentNotCompleted: { en: 'The payment was not completed in time', id: 'Pembayaran tidak diselesaikan tepat waktu' },
  paymentNotStarted: { en: 'The payment could not be started', id: 'Pembayaran tidak dapat dimulai' },
  paymentRefunded: { en: 'The payment was refunded', id: 'Pembayaran telah dikembalikan' },
  minimumTopup: (minimum: number) => ({ en: minimumTopupMessage(minimum), id: `Jumlah isi saldo minimal ${formatRupiah(minimum)}` }),
  paidNoSession: {
    en: 'Paid. The amount is in your wallet: tap NFC Pay at the station to start your refill.',
    id: 'Sudah dibayar. Jumlahnya ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mulai mengisi.',
  },
  paidButUnavailable: (amount: number) => ({
    en: `This station is not available right now. Your payment of ${formatRupiah(amount)} is in your wallet: tap NFC Pay at a station to refill.`,
    id: `Stasiun ini sedang tidak tersedia. Pembayaran Anda sebesar ${formatRupiah(amount)} ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mengisi.`,
  }),
  paidAmountGone: {
    en: 'The paid amount is no longer in your wallet, so the refill could not be started.',
    id: 'Jumlah yang dibayar sudah tidak ada di dompet Anda, jadi isi ulang tidak dapat dimulai.',
  },
  purchasePaidTooLate: (amount: number, minutes: number) => ({
    en: `Your payment of ${formatRupiah(amount)} was confirmed more than ${minutes} minute${minutes === 1 ? '' : 's'} after you paid, so the refill was not started. The amount is in your wallet: tap NFC Pay at the station to refill.`,
    id: `Pembayaran Anda sebesar ${formatRupiah(amount)} dikonfirmasi lebih dari ${minutes} menit setelah Anda membayar, jadi isi ulang tidak dimulai. Jumlahnya ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mengisi.`,
  }),
  guestNotStarted: (amount: number) => ({
    en: `The station could not be started, so your payment of ${formatRupiah(amount)} is refunded in full.`,
    id: `Stasiun tidak dapat dimulai, jadi pembayaran Anda sebesar ${formatRupiah(amount)} dikembalikan seluruhnya.`,
  }),
  guestPaidTooLate: (amount: number) => ({
    en: `Your payment of ${formatRupiah(amount)} was confirmed too late to start the station, so it is refunded in full.`,
    id: `Pembayaran Anda sebesar ${formatRupiah(amount)} dikonfirmasi terlambat untuk memulai stasiun, jadi dikembalikan seluruhnya.`,
  }),

  // Wallet.
  balanceChanged: { en: BALANCE_CHANGED, id: 'Saldo berubah, muat ulang' },
  walletBusy: { en: 'The wallet is busy, please try again', id: 'Dompet sedang sibuk, silakan coba lagi' },
  insufficientBalanceShort: { en: 'Insufficient balance', id: 'Saldo tidak cukup' },
  nothingToWithdraw: { en: 'There is nothing to withdraw', id: 'Tidak ada yang bisa ditarik' },
  withdrawalInProgress: { en: 'Another withdrawal is in progress; please wait a moment and reload', id: 'Penarikan lain sedang berlangsung; tunggu sebentar lalu muat ulang' },
  gatewayUnreachableWithdrawal: {
    en: 'The payment gateway cannot be reached; please try again (nothing is refunded twice)',
    id: 'Gerbang pembayaran tidak dapat dihubungi; silakan coba lagi (tidak ada yang dikembalikan dua kali)',
  },
  ownTransactionsOnly: { en: 'You can only see your own transactions', id: 'Anda hanya dapat melihat transaksi Anda sendiri' },
  badCursor: { en: 'This page cursor does not belong to this list', id: 'Penanda halaman ini bukan milik daftar ini' },

  // Claims.
  claimedAlready: { en: 'This refill has a claim already', id: 'Isi ulang ini sudah memiliki klaim' },
  nothingCharged: { en: 'This refill charged nothing, so there is nothing to claim', id: 'Isi ulang ini tidak memotong apa pun, jadi tidak ada yang bisa diklaim' },
  claimWindow: (hours: number) => ({ en: `Claims are taken within ${hours} hours of the refill`, id: `Klaim diterima dalam ${hours} jam setelah isi ulang` }),
  claimNotFound: { en: 'Claim not found', id: 'Klaim tidak ditemukan' },
  claimResolvedAlready: { en: 'This claim was resolved already', id: 'Klaim ini sudah diselesaikan' },

  // Guest receipts kept by an account.
  receiptNotFinal: { en: 'This refill is not finished yet; claim it once the receipt is final', id: 'Isi ulang ini belum selesai; simpan setelah struknya final' },
  receiptPaidOut: { en: 'This money was already paid out to you by our team', id: 'Uang ini sudah dibayarkan kepada Anda oleh tim kami' },
  receiptKeptByAnother: { en: 'Another account already keeps this receipt', id: 'Akun lain sudah menyimpan struk ini' },

  // Problem reports and favourites.
  tooManyReports: { en: 'Too many reports from this connection; please try again in an hour', id: 'Terlalu banyak laporan dari koneksi ini; silakan coba lagi dalam satu jam' },
  photoNotUploaded: { en: 'The photo was not uploaded', id: 'Foto tidak terunggah' },
  photoNotAnImage: { en: 'The photo is not a JPEG, PNG or WebP image', id: 'Foto bukan gambar JPEG, PNG atau WebP' },
  photoTooLarge: { en: 'The photo is larger than 3 MB', id: 'Foto lebih besar dari 3 MB' },
  stationIdNotFound: (id: string) => ({ en: `Station ${id} not found`, id: `Stasiun ${id} tidak ditemukan` }),
  machineIdNotFound: (id: string) => ({ en: `Machine ${id} not found`, id: `Mesin ${id} tidak ditemukan` }),

  // The admin and technician consoles.
  machineNotFound: { en: 'Machine not found', id: 'Mesin tidak ditemukan' },
  machineExists: (id: string) => ({ en: `A machine with ID ${id} already exists`, id: `Mesin dengan ID ${id} sudah ada` }),
  stationSafetyLocked: {
    en: 'This station is locked for water safety: clear the lock on its station page',
    id: 'Stasiun ini dikunci demi keamanan air: buka kuncinya di halaman stasiun',
  },
  userNotFound: { en: 'User not found', id: 'Pengguna tidak ditemukan' },
  invalidCredentials: { en: 'Invalid credentials', id: 'Kredensial tidak valid' },
  nothingToChange: { en: 'Nothing to change', id: 'Tidak ada yang diubah' },
  hostRequestNotFound: { en: 'Host request not found', id: 'Permintaan tuan rumah tidak ditemukan' },
  incidentNotFound: { en: 'Incident not found', id: 'Insiden tidak ditemukan' },
  incidentResolvedAlready: { en: 'This incident is already resolved', id: 'Insiden ini sudah diselesaikan' },
  atMostAuthorized: (ml: number) => ({ en: `At most the authorized ${ml} ml`, id: `Paling banyak ${ml} ml yang diotorisasi` }),
  enterCreditAmount: { en: 'Enter the amount to credit', id: 'Masukkan jumlah yang dikreditkan' },
  moreThanCharged: { en: 'More than the refill charged', id: 'Lebih dari yang ditagih untuk isi ulang' },
  payoutNotFound: { en: 'Payout request not found', id: 'Permintaan pembayaran tidak ditemukan' },
  payoutAlready: (status: string) => ({ en: `This payout request is already ${status}`, id: `Permintaan pembayaran ini sudah berstatus ${status}` }),
  labReportNotUploaded: { en: 'The lab report PDF was not uploaded', id: 'PDF laporan lab tidak terunggah' },
  labReportTooLarge: { en: 'The lab report PDF is larger than 5 MB', id: 'PDF laporan lab lebih besar dari 5 MB' },
  labReportNotPdf: { en: 'The lab report is not a PDF file', id: 'Laporan lab bukan berkas PDF' },
  noLabReport: { en: 'This record has no lab report', id: 'Catatan ini tidak memiliki laporan lab' },
  reportHasNoPhoto: { en: 'This report has no photo', id: 'Laporan ini tidak memiliki foto' },
  reportResolvedAlready: { en: 'This report is resolved already', id: 'Laporan ini sudah diselesaikan' },
  noSuchReport: { en: 'No such report', id: 'Laporan tidak ditemukan' },
  noRefusedRefund: { en: 'No refused refund with this order id', id: 'Tidak ada pengembalian dana yang ditolak dengan ID pesanan ini' },
  guestClaimedAlready: { en: 'The guest claimed this money into an account already', id: 'Tamu sudah memindahkan uang ini ke sebuah akun' },
  refundPaidOutAlready: { en: 'This refund was paid out already', id: 'Pengembalian dana ini sudah dibayarkan' },
  refundTakenMeanwhile: { en: 'This refund was claimed or paid out meanwhile', id: 'Pengembalian dana ini sementara itu sudah diklaim atau dibayarkan' },

  // Alert details and command history notes, composed at read from the facts stored (docs/design.md, "Error texts").
  alertBelow: (what: 'lowWater' | 'filterLife', value: number, threshold: number) => ({
    en: `${what === 'lowWater' ? 'Water level' : 'Filter life'} ${value}% (below ${threshold}%)`,
    id: `${what === 'lowWater' ? 'Tingkat air' : 'Sisa umur filter'} ${decimal(value)}% (di bawah ${decimal(threshold)}%)`,
  }),
  alertTds: (value: number, threshold: number) => ({ en: `TDS ${value} ppm (above ${threshold} ppm)`, id: `TDS ${decimal(value)} ppm (di atas ${decimal(threshold)} ppm)` }),
  alertNoVend: (hours: number, lastVendAt: string) => ({
    en: `No vend for ${hours} h while online (the last at ${lastVendAt})`,
    id: `Tidak ada pengisian selama ${hours} jam saat online (terakhir pada ${lastVendAt})`,
  }),
  alertVendFailures: (failed: number, attempts: number, percent: number, threshold: number) => ({
    en: `${failed} of the last ${attempts} vends failed (${percent}%, above ${threshold}%)`,
    id: `${failed} dari ${attempts} pengisian terakhir gagal (${percent}%, di atas ${decimal(threshold)}%)`,
  }),
  alertDisconnected: (at: string, reason: string | null) => ({
    en: `, disconnected${reason ? ` (${reason})` : ''} at ${at}`,
    id: `, terputus${reason ? ` (${reason})` : ''} pada ${at}`,
  }),
  alertOffline: (minutes: number, lastAt: string) => ({
    en: `No heartbeat for more than ${minutes} min: the last at ${lastAt}`,
    id: `Tidak ada heartbeat lebih dari ${minutes} menit: terakhir pada ${lastAt}`,
  }),
  alertNeverHeard: (createdAt: string) => ({
    en: `Never sent a heartbeat since it was added at ${createdAt}`,
    id: `Belum pernah mengirim heartbeat sejak ditambahkan pada ${createdAt}`,
  }),
  alertDeadLetters: (total: number, queues: string) => ({
    en: `${total} message(s) waiting: ${queues}. Something was not delivered or not processed; look at them, then redrive or purge the queue.`,
    id: `${total} pesan menunggu: ${queues}. Ada yang tidak terkirim atau tidak diproses; periksa pesannya, lalu kirim ulang atau kosongkan antreannya.`,
  }),
  commandSetPrice: (price: string) => ({ en: `set price to ${price} per litre`, id: `atur harga menjadi ${price} per liter` }),
  commandLock: (reason: string) => ({ en: `lock (${reason})`, id: `kunci (${reason})` }),
  commandUnlock: { en: 'unlock', id: 'buka kunci' },
  commandRestart: { en: 'restart', id: 'mulai ulang' },
  commandFirmware: (version: string, stepPercent: number, abortPercent: number) => ({
    en: `firmware ${version} (${stepPercent}% per step, abort above ${abortPercent}% failed)`,
    id: `firmware ${version} (${decimal(stepPercent)}% per tahap, berhenti di atas ${decimal(abortPercent)}% gagal)`,
  }),
  commandTo: (stations: number | 'all') => ({
    en: ` to ${stations} station${stations === 1 ? '' : 's'}`,
    id: stations === 'all' ? ' ke semua stasiun' : ` ke ${stations} stasiun`,
  }),
  commandStep: (step: number, steps: number, stations: number) => ({
    en: `step ${step} of ${steps}: ${stations} station${stations === 1 ? '' : 's'}`,
    id: `tahap ${step} dari ${steps}: ${stations} stasiun`,
  }),
  commandAbortedAt: (step: number, steps: number) => ({ en: `at step ${step} of ${steps}`, id: `pada tahap ${step} dari ${steps}` }),
  commandThreshold: (failed: number, ended: number, percent: number, threshold: number, step: number) => ({
    en: `${failed} of ${ended} failed (${percent}%, above ${threshold}%) after step ${step}`,
    id: `${failed} dari ${ended} gagal (${percent}%, di atas ${decimal(threshold)}%) setelah tahap ${step}`,
  }),
  commandFinished: (succeeded: number, failed: number) => ({ en: `${succeeded} succeeded, ${failed} failed`, id: `${succeeded} berhasil, ${failed} gagal` }),
} satisfies Record<string, Localized | ((...args: never[]) => Localized)>;

/** Stored English texts of the list above that a record may hold (older records hold only the English). */
const storedTexts: Localized[] = [
  texts.paymentDeclined, texts.paymentDeclinedOrCancelled, texts.paymentNotCompleted, texts.paymentNotStarted, texts.paymentRefunded, texts.paidNoSession,
  texts.paidAmountGone,
];

/**
 * The message a payment order stored (in English) in both languages: its stored translation while it is the
 * current message, one of the fixed texts, or the English as stored (a gateway's own words, an older record).
 */
export function storedText(order: { message?: string | null; messages?: Localized | null }): Localized | string | null {
  if (!order.message) return null;
  if (order.messages?.en === order.message) return order.messages;
  return storedTexts.find((text) => text.en === order.message) ?? order.message;
}

/** The stored message of a payment order in `language` (an English-only one as it is), or null. */
export function storedMessageIn(order: { message?: string | null; messages?: Localized | null }, language: Language): string | null {
  const text = storedText(order);
  return text === null || typeof text === 'string' ? text : text[language];
}
