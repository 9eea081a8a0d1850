import type { reportTexts as english } from '../reports';

/** Melaporkan masalah di stasiun, dalam Bahasa Indonesia. */
export const reportTexts: (typeof english)['en'] = {
  flag: 'Masalah dilaporkan, sedang diperbaiki',
  open: 'Laporkan masalah',
  title: (station) => `Laporkan masalah di ${station}`,
  category: 'Apa masalahnya?',
  categories: {
    'no-water': 'Air tidak keluar',
    'water-quality': 'Rasa atau warna air aneh',
    broken: 'Mesin rusak',
    payment: 'Pembayaran gagal',
    dirty: 'Stasiun kotor',
    other: 'Lainnya',
  },
  note: 'Keterangan (opsional)',
  notePlaceholder: 'Apa yang terjadi, dan kapan?',
  photo: 'Foto (opsional)',
  photoHint: 'JPEG, PNG atau WebP, maksimal 3 MB. Data lokasinya dihapus sebelum dilihat siapa pun.',
  photoTooLarge: 'Foto lebih besar dari 3 MB',
  photoWrongType: 'Pilih foto JPEG, PNG atau WebP',
  send: 'Kirim laporan',
  sending: 'Mengirim...',
  opening: 'Membuka formulir...',
  cancel: 'Batal',
  thanks: 'Terima kasih! Tim sudah menerima laporan Anda dan akan memperbaikinya.',
  tooMany: 'Terlalu banyak laporan dari koneksi ini. Silakan coba lagi dalam satu jam.',
  failed: 'Laporan tidak dapat dikirim. Periksa koneksi Anda lalu coba lagi.',
};
