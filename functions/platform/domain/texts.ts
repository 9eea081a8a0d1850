import { formatBaliStamp } from '@shared/format';
import type { Localized } from '@shared/language';
import { formatRupiah } from '@shared/money';

/** A number as Indonesian writes it (a decimal comma). */
const decimal = (n: number) => String(n).replace('.', ',');

/**
 * What the server says to the people of the public site, the guest pages and the app, in both languages
 * (docs/design.md, "Error texts"). The English text is also the error's own message in logs, word for word as before.
 * Each text is its own export, read as `texts.<name>` through `import * as texts`: a function's bundle then holds
 * only the texts it says (docs/scale.md, "Functions").
 */

// Identity (the HTTP adapter's defaults).
export const signInRequired = { en: 'Sign in required', id: 'Silakan masuk terlebih dahulu' };
export const noAccess = { en: 'You do not have access to this', id: 'Anda tidak memiliki akses ke sini' };
export const adminRequired = { en: 'Administrator access required', id: 'Hanya untuk administrator' };
export const onlyForRole = (roles: string) => ({ en: `Only for the role ${roles}`, id: `Hanya untuk peran ${roles}` });
export const invalidJson = { en: 'Request body must be valid JSON', id: 'Isi permintaan harus JSON yang valid' };
export const invalidRequest = { en: 'Invalid request', id: 'Permintaan tidak valid' };
export const invalidPart = (where: 'path' | 'query' | 'request', summary: Localized) => ({
  en: `Invalid ${where}: ${summary.en}`,
  id: `${{ path: 'Alamat', query: 'Kueri', request: 'Permintaan' }[where]} tidak valid: ${summary.id}`,
});
export const serviceUnavailable = { en: 'Service temporarily unavailable, please try again', id: 'Layanan sedang tidak tersedia, silakan coba lagi' };
export const internalError = { en: 'Internal error', id: 'Terjadi kesalahan internal' };

// Stations and refills.
export const stationNotFound = { en: 'Station not found', id: 'Stasiun tidak ditemukan' };
export const noSuchStation = { en: 'No such station', id: 'Stasiun tidak ditemukan' };
export const stationNotAvailable = { en: 'This station is not available right now', id: 'Stasiun ini sedang tidak tersedia' };
export const atMostPerRefill = (litres: number) => ({ en: `This station dispenses at most ${litres} L per refill`, id: `Stasiun ini mengisi paling banyak ${String(litres).replace('.', ',')} L per isi ulang` });
export const volumeTooSmall = { en: 'The volume is too small to pay for', id: 'Volumenya terlalu kecil untuk dibayar' };
export const insufficientBalance = (minimum: number) => ({
  en: `Insufficient balance: you need at least ${formatRupiah(minimum)} to refill. Top up your wallet and try again.`,
  id: `Saldo tidak cukup: Anda perlu minimal ${formatRupiah(minimum)} untuk mengisi air. Isi ulang dompet Anda lalu coba lagi.`,
});
export const refillInProgress = { en: 'This refill is still in progress', id: 'Isi ulang ini masih berlangsung' };
export const refillNotFound = { en: 'Refill not found', id: 'Isi ulang tidak ditemukan' };

// What became of an NFC token that ended with nothing charged (GET /api/nfc/tokens/{id}).
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

// Payments: top-ups, purchases, guest orders.
export const walletTokenRequired = { en: 'A wallet payment token is required', id: 'Token pembayaran dompet digital diperlukan' };
export const walletTokenRequiredTopup = { en: 'A wallet payment token is required for Google Pay and Apple Pay', id: 'Token pembayaran dompet digital diperlukan untuk Google Pay dan Apple Pay' };
export const idempotencyKeyMissing = {
  en: 'The Idempotency-Key header is required (a fresh UUID per payment; resend the same one to retry)',
  id: 'Header Idempotency-Key wajib ada (UUID baru untuk setiap pembayaran; kirim yang sama untuk mencoba lagi)',
};
export const idempotencyKeyMalformed = {
  en: 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . : ~',
  id: 'Header Idempotency-Key harus 8 sampai 128 huruf, angka atau - _ . : ~',
};
export const keyReusedOrder = { en: 'This Idempotency-Key was already used for a different order', id: 'Idempotency-Key ini sudah dipakai untuk pesanan lain' };
export const keyReusedPurchase = { en: 'This Idempotency-Key was already used for a different purchase', id: 'Idempotency-Key ini sudah dipakai untuk pembelian lain' };
export const keyReusedTopup = { en: 'This Idempotency-Key was already used for a different top-up', id: 'Idempotency-Key ini sudah dipakai untuk isi saldo lain' };
export const keyReusedWithdrawal = { en: 'This Idempotency-Key was already used for a different withdrawal', id: 'Idempotency-Key ini sudah dipakai untuk penarikan lain' };
export const keyReusedRequest = { en: 'This idempotency key was already used for a different request', id: 'Kunci idempotensi ini sudah dipakai untuk permintaan lain' };
export const tooManyUnpaidOrders = (minutes: number) => ({
  en: `Too many unpaid orders from here right now; please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  id: `Terlalu banyak pesanan yang belum dibayar dari sini saat ini; silakan coba lagi dalam ${minutes} menit`,
});
export const orderNotFound = { en: 'Order not found', id: 'Pesanan tidak ditemukan' };
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
export const paidButUnavailable = (amount: number) => ({
  en: `This station is not available right now. Your payment of ${formatRupiah(amount)} is in your wallet: tap NFC Pay at a station to refill.`,
  id: `Stasiun ini sedang tidak tersedia. Pembayaran Anda sebesar ${formatRupiah(amount)} ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mengisi.`,
});
export const paidAmountGone = {
  en: 'The paid amount is no longer in your wallet, so the refill could not be started.',
  id: 'Jumlah yang dibayar sudah tidak ada di dompet Anda, jadi isi ulang tidak dapat dimulai.',
};
export const purchasePaidTooLate = (amount: number, minutes: number) => ({
  en: `Your payment of ${formatRupiah(amount)} was confirmed more than ${minutes} minute${minutes === 1 ? '' : 's'} after you paid, so the refill was not started. The amount is in your wallet: tap NFC Pay at the station to refill.`,
  id: `Pembayaran Anda sebesar ${formatRupiah(amount)} dikonfirmasi lebih dari ${minutes} menit setelah Anda membayar, jadi isi ulang tidak dimulai. Jumlahnya ada di dompet Anda: ketuk Bayar NFC di stasiun untuk mengisi.`,
});
export const guestNotStarted = (amount: number) => ({
  en: `The station could not be started, so your payment of ${formatRupiah(amount)} is refunded in full.`,
  id: `Stasiun tidak dapat dimulai, jadi pembayaran Anda sebesar ${formatRupiah(amount)} dikembalikan seluruhnya.`,
});
export const guestPaidTooLate = (amount: number) => ({
  en: `Your payment of ${formatRupiah(amount)} was confirmed too late to start the station, so it is refunded in full.`,
  id: `Pembayaran Anda sebesar ${formatRupiah(amount)} dikonfirmasi terlambat untuk memulai stasiun, jadi dikembalikan seluruhnya.`,
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

// Claims.
export const claimedAlready = { en: 'This refill has a claim already', id: 'Isi ulang ini sudah memiliki klaim' };
export const nothingCharged = { en: 'This refill charged nothing, so there is nothing to claim', id: 'Isi ulang ini tidak memotong apa pun, jadi tidak ada yang bisa diklaim' };
export const claimWindow = (hours: number) => ({ en: `Claims are taken within ${hours} hours of the refill`, id: `Klaim diterima dalam ${hours} jam setelah isi ulang` });
export const claimNotFound = { en: 'Claim not found', id: 'Klaim tidak ditemukan' };
export const claimResolvedAlready = { en: 'This claim was resolved already', id: 'Klaim ini sudah diselesaikan' };

// Guest receipts kept by an account.
export const receiptNotFinal = { en: 'This refill is not finished yet; claim it once the receipt is final', id: 'Isi ulang ini belum selesai; simpan setelah struknya final' };
export const receiptPaidOut = { en: 'This money was already paid out to you by our team', id: 'Uang ini sudah dibayarkan kepada Anda oleh tim kami' };
export const receiptKeptByAnother = { en: 'Another account already keeps this receipt', id: 'Akun lain sudah menyimpan struk ini' };

// Problem reports and favourites.
export const tooManyReports = { en: 'Too many reports from this connection; please try again in an hour', id: 'Terlalu banyak laporan dari koneksi ini; silakan coba lagi dalam satu jam' };
export const photoNotUploaded = { en: 'The photo was not uploaded', id: 'Foto tidak terunggah' };
export const photoNotAnImage = { en: 'The photo is not a JPEG, PNG or WebP image', id: 'Foto bukan gambar JPEG, PNG atau WebP' };
export const photoTooLarge = { en: 'The photo is larger than 3 MB', id: 'Foto lebih besar dari 3 MB' };
export const stationIdNotFound = (id: string) => ({ en: `Station ${id} not found`, id: `Stasiun ${id} tidak ditemukan` });
export const machineIdNotFound = (id: string) => ({ en: `Machine ${id} not found`, id: `Mesin ${id} tidak ditemukan` });

// The admin and technician consoles.
export const machineNotFound = { en: 'Machine not found', id: 'Mesin tidak ditemukan' };
export const checkInTooFar = (metres: number, limit: number) => ({
  en: `You are about ${metres} m from this station: check in within ${limit} m of it`,
  id: `Anda sekitar ${metres} m dari stasiun ini: lapor hadir dalam jarak ${limit} m darinya`,
});
export const checkInNoCoordinates = {
  en: 'This station has no coordinates, so a check-in cannot be placed: ask an administrator to add them',
  id: 'Stasiun ini belum punya koordinat, jadi kehadiran tidak bisa dipastikan: minta administrator menambahkannya',
};
export const machineExists = (id: string) => ({ en: `A machine with ID ${id} already exists`, id: `Mesin dengan ID ${id} sudah ada` });
export const stationSafetyLocked = {
  en: 'This station is locked for water safety: clear the lock on its station page',
  id: 'Stasiun ini dikunci demi keamanan air: buka kuncinya di halaman stasiun',
};
export const userNotFound = { en: 'User not found', id: 'Pengguna tidak ditemukan' };
export const invalidCredentials = { en: 'Invalid credentials', id: 'Kredensial tidak valid' };
export const totpCodeRequired = { en: 'This account signs in with a code from its authenticator app: send it as `code`', id: 'Akun ini masuk dengan kode dari aplikasi autentikator: kirim sebagai `code`' };
export const secondFactorRequired = {
  en: 'This needs a sign-in with a code from your authenticator app: turn on two-step sign-in (TOTP) for your account, then sign in again',
  id: 'Ini memerlukan masuk dengan kode dari aplikasi autentikator: aktifkan masuk dua langkah (TOTP) untuk akun Anda, lalu masuk lagi',
};
export const nothingToChange = { en: 'Nothing to change', id: 'Tidak ada yang diubah' };
export const hostRequestNotFound = { en: 'Host request not found', id: 'Permintaan tuan rumah tidak ditemukan' };
export const incidentNotFound = { en: 'Incident not found', id: 'Insiden tidak ditemukan' };
export const incidentResolvedAlready = { en: 'This incident is already resolved', id: 'Insiden ini sudah diselesaikan' };
export const atMostAuthorized = (ml: number) => ({ en: `At most the authorized ${ml} ml`, id: `Paling banyak ${ml} ml yang diotorisasi` });
export const enterCreditAmount = { en: 'Enter the amount to credit', id: 'Masukkan jumlah yang dikreditkan' };
export const moreThanCharged = { en: 'More than the refill charged', id: 'Lebih dari yang ditagih untuk isi ulang' };
export const payoutDestinationRequired = { en: 'Tell us where to send the part our team pays out', id: 'Beri tahu kami ke mana bagian yang dibayarkan tim kami dikirim' };
export const payoutNotFound = { en: 'Payout request not found', id: 'Permintaan pembayaran tidak ditemukan' };
export const payoutAlready = (status: string) => ({ en: `This payout request is already ${status}`, id: `Permintaan pembayaran ini sudah berstatus ${status}` });
export const labReportNotUploaded = { en: 'The lab report PDF was not uploaded', id: 'PDF laporan lab tidak terunggah' };
export const labReportTooLarge = { en: 'The lab report PDF is larger than 5 MB', id: 'PDF laporan lab lebih besar dari 5 MB' };
export const labReportNotPdf = { en: 'The lab report is not a PDF file', id: 'Laporan lab bukan berkas PDF' };
export const noLabReport = { en: 'This record has no lab report', id: 'Catatan ini tidak memiliki laporan lab' };
export const reportHasNoPhoto = { en: 'This report has no photo', id: 'Laporan ini tidak memiliki foto' };
export const reportResolvedAlready = { en: 'This report is resolved already', id: 'Laporan ini sudah diselesaikan' };
export const noSuchReport = { en: 'No such report', id: 'Laporan tidak ditemukan' };
export const noRefusedRefund = { en: 'No refused refund with this order id', id: 'Tidak ada pengembalian dana yang ditolak dengan ID pesanan ini' };
export const guestClaimedAlready = { en: 'The guest claimed this money into an account already', id: 'Tamu sudah memindahkan uang ini ke sebuah akun' };
export const refundPaidOutAlready = { en: 'This refund was paid out already', id: 'Pengembalian dana ini sudah dibayarkan' };
export const refundTakenMeanwhile = { en: 'This refund was claimed or paid out meanwhile', id: 'Pengembalian dana ini sementara itu sudah diklaim atau dibayarkan' };

// Alert details and command history notes, composed at read from the facts stored (docs/design.md, "Error texts").
export const alertBelow = (what: 'lowWater' | 'filterLife', value: number, threshold: number) => ({
  en: `${what === 'lowWater' ? 'Water level' : 'Filter life'} ${value}% (below ${threshold}%)`,
  id: `${what === 'lowWater' ? 'Tingkat air' : 'Sisa umur filter'} ${decimal(value)}% (di bawah ${decimal(threshold)}%)`,
});
export const alertTds = (value: number, threshold: number) => ({ en: `TDS ${value} ppm (above ${threshold} ppm)`, id: `TDS ${decimal(value)} ppm (di atas ${decimal(threshold)} ppm)` });
// The instants of alert details on Bali's clock with its zone, in each language (shared/format.ts).
export const alertNoVend = (hours: number, lastVendAt: string) => ({
  en: `No vend for ${hours} h while online (the last at ${formatBaliStamp(lastVendAt, 'en')})`,
  id: `Tidak ada pengisian selama ${hours} jam saat online (terakhir pada ${formatBaliStamp(lastVendAt, 'id')})`,
});
export const alertVendFailures = (failed: number, attempts: number, percent: number, threshold: number) => ({
  en: `${failed} of the last ${attempts} vends failed (${percent}%, above ${threshold}%)`,
  id: `${failed} dari ${attempts} pengisian terakhir gagal (${percent}%, di atas ${decimal(threshold)}%)`,
});
/** `reason`: IoT Core's disconnect reason in words of each language (shared/disconnect-reasons.ts). */
export const alertDisconnected = (at: string, reason: Localized | null) => ({
  en: `, disconnected${reason ? ` (${reason.en})` : ''} at ${formatBaliStamp(at, 'en')}`,
  id: `, terputus${reason ? ` (${reason.id})` : ''} pada ${formatBaliStamp(at, 'id')}`,
});
export const alertOffline = (minutes: number, lastAt: string) => ({
  en: `No heartbeat for more than ${minutes} min: the last at ${formatBaliStamp(lastAt, 'en')}`,
  id: `Tidak ada heartbeat lebih dari ${minutes} menit: terakhir pada ${formatBaliStamp(lastAt, 'id')}`,
});
export const alertNeverHeard = (createdAt: string) => ({
  en: `Never sent a heartbeat since it was added at ${formatBaliStamp(createdAt, 'en')}`,
  id: `Belum pernah mengirim heartbeat sejak ditambahkan pada ${formatBaliStamp(createdAt, 'id')}`,
});
export const alertDeadLetters = (total: number, queues: string) => ({
  en: `${total} message(s) waiting: ${queues}. Something was not delivered or not processed; look at them, then redrive or purge the queue.`,
  id: `${total} pesan menunggu: ${queues}. Ada yang tidak terkirim atau tidak diproses; periksa pesannya, lalu kirim ulang atau kosongkan antreannya.`,
});
export const commandSetPrice = (price: string) => ({ en: `set price to ${price} per litre`, id: `atur harga menjadi ${price} per liter` });
export const commandLock = (reason: string) => ({ en: `lock (${reason})`, id: `kunci (${reason})` });
export const commandUnlock = { en: 'unlock', id: 'buka kunci' };
export const commandRestart = { en: 'restart', id: 'mulai ulang' };
export const commandFirmware = (version: string, stepPercent: number, abortPercent: number) => ({
  en: `firmware ${version} (${stepPercent}% per step, abort above ${abortPercent}% failed)`,
  id: `firmware ${version} (${decimal(stepPercent)}% per tahap, berhenti di atas ${decimal(abortPercent)}% gagal)`,
});
export const commandTo = (stations: number | 'all') => ({
  en: ` to ${stations} station${stations === 1 ? '' : 's'}`,
  id: stations === 'all' ? ' ke semua stasiun' : ` ke ${stations} stasiun`,
});
export const commandStep = (step: number, steps: number, stations: number) => ({
  en: `step ${step} of ${steps}: ${stations} station${stations === 1 ? '' : 's'}`,
  id: `tahap ${step} dari ${steps}: ${stations} stasiun`,
});
export const commandAbortedAt = (step: number, steps: number) => ({ en: `at step ${step} of ${steps}`, id: `pada tahap ${step} dari ${steps}` });
export const commandThreshold = (failed: number, ended: number, percent: number, threshold: number, step: number) => ({
  en: `${failed} of ${ended} failed (${percent}%, above ${threshold}%) after step ${step}`,
  id: `${failed} dari ${ended} gagal (${percent}%, di atas ${decimal(threshold)}%) setelah tahap ${step}`,
});
export const commandFinished = (succeeded: number, failed: number) => ({ en: `${succeeded} succeeded, ${failed} failed`, id: `${succeeded} berhasil, ${failed} gagal` });

// The console's exports.
export const exportTooLarge = (max: number) => ({
  en: `More than ${max.toLocaleString('en-US')} transactions in this range: export a shorter one`,
  id: `Lebih dari ${max.toLocaleString('id-ID')} transaksi dalam rentang ini: ekspor rentang yang lebih pendek`,
});

// The book.
export const dayNotBegun = { en: 'This day has not begun in Bali yet', id: 'Hari ini belum dimulai di Bali' };
