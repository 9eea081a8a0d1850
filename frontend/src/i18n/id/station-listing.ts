import type { stationListing as english } from '../station-listing';

/** Tampil di daftar publik atau tidak, dan jenis tempat stasiun, dalam Bahasa Indonesia. */
export const stationListing: (typeof english)['en'] = {
  title: 'Daftar publik',
  text: 'Stasiun yang sedang dipasang atau mesin uji dapat disembunyikan dari pencari stasiun, halaman utama dan aplikasi; halamannya sendiri (stiker) tetap terbuka.',
  shown: 'Tampilkan di daftar publik',
  hiddenNow: 'Disembunyikan dari daftar publik',
  type: 'Jenis tempat (jenis stasiun di pencari)',
  noType: 'Belum diatur',
  types: { beach: 'Pantai', mall: 'Mal', market: 'Pasar', tourist: 'Tempat wisata', cowork: 'Ruang kerja bersama' },
  saved: 'Tersimpan',
  failed: 'Gagal menyimpan. Coba lagi.',
};
