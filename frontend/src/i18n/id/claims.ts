import type { adminClaims as adminEnglish, claimTexts as english } from '../claims';

/** Klaim isi ulang, dalam Bahasa Indonesia. */
export const claimTexts: (typeof english)['en'] = {
  open: 'Laporkan masalah pada isi ulang ini',
  title: 'Apa yang salah dengan isi ulang ini?',
  refill: (station, when) => `${station}, ${when}`,
  kinds: { not_dispensed: 'Air tidak keluar', dispensed_less: 'Air lebih sedikit dari yang ditagih', tasted_wrong: 'Rasa airnya aneh' },
  note: 'Ada hal lain yang perlu kami ketahui? (opsional)',
  notePlaceholder: 'mis. berhenti setelah beberapa detik',
  send: 'Kirim',
  sending: 'Mengirim...',
  cancel: 'Batal',
  failed: 'Klaim tidak dapat dikirim. Periksa koneksi Anda dan coba lagi.',
  state: {
    pending: 'Klaim terkirim: tim sedang memeriksanya',
    credited: (amount) => `Klaim diterima: ${amount} kembali ke dompet Anda`,
    declined: (reason) => `Klaim ditolak: ${reason}`,
  },
};

/** Antrean klaim di konsol admin. */
export const adminClaims: (typeof adminEnglish)['en'] = {
  title: 'Antrean klaim',
  intro: 'Klaim yang tidak didukung catatan stasiun sendiri. Lihat data stasiun di sekitar isi ulang, lalu kembalikan dana hingga jumlah yang ditagih atau tolak dengan alasan (orangnya menerima e-mail).',
  empty: 'Tidak ada klaim yang menunggu.',
  loadError: 'Klaim tidak dapat dimuat.',
  count: (n) => `${n} klaim menunggu`,
  kinds: { not_dispensed: 'Air tidak keluar', dispensed_less: 'Air kurang', tasted_wrong: 'Rasa aneh' },
  charged: (amount, ml) => `Ditagih ${amount} untuk ${ml} ml`,
  review: 'Periksa',
  reviewLabel: (session) => `Periksa klaim atas sesi ${session}`,
  dialogTitle: 'Periksa klaim',
  telemetry: 'Data stasiun di sekitar isi ulang',
  noReadings: 'Tidak ada data pada rentang ini.',
  events: 'Peristiwa koneksi',
  noEvents: 'Tidak ada peristiwa koneksi pada rentang ini.',
  columns: { at: 'Waktu', level: 'Air %', tds: 'TDS ppm', temperature: '°C', dispensed: 'ml keluar (penghitung)', failures: 'Kegagalan' },
  decision: 'Keputusan',
  credit: 'Kembalikan dana',
  decline: 'Tolak',
  amount: 'Jumlah dikembalikan (Rp)',
  amountHint: (max) => `1 hingga ${max}, jumlah yang ditagih`,
  amountInvalid: (max) => `Masukkan rupiah bulat dari 1 hingga ${max}`,
  reason: 'Alasan (dibaca oleh orangnya)',
  reasonRequired: 'Berikan alasan',
  emailLanguage: (language) => `E-mail akan dikirim dalam ${language}: tulis alasannya dalam bahasa itu`,
  languageNames: { en: 'bahasa Inggris', id: 'Bahasa Indonesia' },
  submit: 'Selesaikan',
  cancel: 'Batal',
  done: 'Klaim diselesaikan',
  failed: 'Klaim tidak dapat diselesaikan.',
  note: (note) => `Catatan: ${note}`,
};
