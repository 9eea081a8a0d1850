import { formatRupiah } from '@shared/money';
import type { qrTexts as qrEnglish, walletTexts as english } from '../wallet';

/** Isi saldo dompet, dalam Bahasa Indonesia. */
export const walletTexts: (typeof english)['en'] = {
  title: 'Isi Saldo',
  amount: 'Jumlah',
  customAmount: 'Jumlah lain',
  minimumPlaceholder: (amount) => `Min. ${amount}`,
  paymentMethod: 'Metode pembayaran',
  checkingWallets: 'Memeriksa Google Pay dan Apple Pay...',
  cardHint: 'Anda membayar dengan kartu di halaman gateway pembayaran kami, lalu kembali ke sini.',
  processing: 'Memproses...',
  submit: (amount) => (amount ? `Isi Saldo ${amount}` : 'Isi Saldo'),
  footnote: (minimum) => `Isi saldo mulai ${minimum}. Dibayar dengan aman melalui gateway pembayaran kami.`,
  invalidAmount: 'Jumlah Tidak Valid',
  minimum: (minimum) => `Jumlah isi saldo minimal ${formatRupiah(minimum)}`,
  failedTitle: 'Isi Saldo Gagal',
  failedFallback: 'Isi saldo tidak dapat diproses',
  successTitle: 'Isi Saldo Berhasil',
  added: (amount) => `${amount} telah ditambahkan ke saldo Anda.`,
  paymentError: 'Kesalahan Pembayaran',
  sheetLabel: 'Isi saldo dompet Bali Refill',
  cardWalletFailed: 'Pembayaran dibatalkan atau gagal',
  unavailable: (wallet) => `${wallet} tidak tersedia`,
  merchantFailed: 'Validasi merchant gagal, sesi dibatalkan',
  googlePayError: { title: 'Kesalahan Google Pay', description: 'Google Pay tidak dapat dimuat. Silakan coba lagi.' },
  waiting: {
    status: 'Menunggu pembayaran Anda...',
    with: (method) => `dengan ${method}`,
    openApp: 'Buka aplikasi dompet digital Anda',
    payOnCardPage: 'Bayar dengan kartu di halaman pembayaran',
    qrLabel: (method) => `Kode QR pembayaran ${method}`,
    qrAlt: 'Kode QR pembayaran',
    payBefore: (time) => `Bayar sebelum pukul ${time}.`,
    close: 'Tutup',
    balanceUpdates: 'Saldo Anda diperbarui begitu pembayaran dikonfirmasi.',
  },
  instructions: {
    approve: 'Buka aplikasi dompet digital Anda untuk menyetujui pembayaran.',
    ovo: 'Buka aplikasi OVO dan pindai kode QR ini untuk membayar.',
    gopay: 'Buka aplikasi Gojek atau GoPay dan pindai kode QR ini untuk membayar.',
    qris: 'Pindai kode QRIS ini dengan aplikasi dompet digital atau bank apa pun untuk membayar.',
    card: 'Bayar dengan kartu Anda di halaman pembayaran, lalu kembali ke sini.',
    other: 'Menunggu pembayaran Anda dikonfirmasi.',
  },
};

/** Simpan dan bagikan kode QR pembayaran, dalam Bahasa Indonesia. */
export const qrTexts: (typeof qrEnglish)['en'] = {
  hint: 'Membayar dengan ponsel lain? Simpan atau bagikan kode ini, lalu pindai di sana.',
  save: 'Simpan QR',
  share: 'Bagikan QR',
  shareTitle: 'Kode pembayaran Bali Refill',
};
