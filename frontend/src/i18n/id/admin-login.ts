import type { adminLogin as english } from '../admin-login';

/** Layar masuk konsol dan pemeriksaan sesinya, in Bahasa Indonesia. */
export const adminLogin: (typeof english)['en'] = {
  console: 'Konsol operasional',
  headline: 'Jaga setiap stasiun di Bali tetap mengalir.',
  points: [
    'Status langsung, tingkat air, dan peringatan untuk seluruh jaringan.',
    'Dompet, pengisian, dan penyesuaian langsung dari buku besar.',
    'Hanya akun administrator; setiap perubahan dicatat.',
  ],
  title: 'Masuk admin',
  intro: 'Masuk dengan akun administrator Anda.',
  form: 'Masuk admin',
  username: 'Username',
  password: 'Kata sandi',
  showPassword: 'Tampilkan kata sandi',
  hidePassword: 'Sembunyikan kata sandi',
  signingIn: 'Sedang masuk...',
  login: 'Masuk',
  back: 'Kembali ke situs utama',
  checking: 'Memeriksa autentikasi',
  verifyFailed: 'Autentikasi admin gagal diperiksa',
  unreachable: 'Layanan tidak dapat dijangkau. Periksa koneksi Anda.',
  retry: 'Coba lagi',
  errors: {
    failed: 'Gagal masuk. Silakan coba lagi.',
    invalid: 'Username atau kata sandi salah',
    notAdmin: 'Perlu akses administrator',
    reset: 'Kata sandi Anda harus diatur ulang sebelum bisa masuk.',
    unconfirmed: 'Akun ini belum dikonfirmasi.',
    unsupported: 'Akun ini memerlukan langkah masuk yang tidak didukung konsol.',
  },
};
