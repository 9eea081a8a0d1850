import type { adminVisits as english } from '../admin-visits';

/** "Rute hari ini" di konsol, in Bahasa Indonesia. */
export const adminVisits: (typeof english)['en'] = {
  title: 'Rute hari ini',
  intro: 'Stasiun yang perlu dikunjungi, yang paling mendesak lebih dulu: kunci keamanan air, stasiun yang terputus dari jaringan, masalah yang dilaporkan, air hampir habis, filter yang perlu diganti, tiket terbuka, dan peringatan terbuka (batasnya dari pengaturan Sistem).',
  back: 'Kembali ke dasbor',
  headerLink: 'Rute hari ini',
  loading: 'Mengurutkan stasiun...',
  loadError: 'Stasiun tidak dapat dimuat.',
  retry: 'Coba lagi',
  empty: 'Tidak ada stasiun yang perlu dikunjungi hari ini.',
  count: (n) => `${n} stasiun untuk dikunjungi`,
  openRoute: (n) => `Petunjuk arah melalui ${n} stasiun pertama di Google Maps`,
  directions: 'Petunjuk arah',
  noCoordinates: 'Tanpa koordinat: lihat alamatnya',
  water: (percent) => (percent === null ? 'Tingkat air tidak diketahui' : `Air ${percent}%`),
  filter: (percent) => `Filter ${percent}%`,
  reasons: {
    safetyLock: 'Dikunci demi keamanan air',
    offline: 'Offline',
    problemReported: 'Masalah dilaporkan',
    lowWater: 'Air hampir habis',
    filterDue: 'Filter perlu diganti',
    openTickets: 'Tiket terbuka',
    openAlerts: 'Peringatan terbuka',
  },
  tickets: (n) => `${n} tiket terbuka`,
  alerts: (n) => `${n} peringatan terbuka`,
};
