import type { adminVisits as english } from '../admin-visits';
import { countInIndonesian as count } from '../counts';

/** "Rute hari ini" di konsol, in Bahasa Indonesia. */
export const adminVisits: (typeof english)['en'] = {
  title: 'Rute hari ini',
  intro: 'Stasiun yang perlu dikunjungi: kunci keamanan air, stasiun yang terputus dari jaringan, masalah yang dilaporkan, air hampir habis, filter yang perlu diganti, tiket terbuka, dan peringatan terbuka (batasnya dari pengaturan Sistem). Stasiun yang tidak menjual air (terkunci, offline, atau kosong) lebih dulu, lalu yang lain, setiap kali yang terdekat berikutnya.',
  back: 'Kembali ke dasbor',
  headerLink: 'Rute hari ini',
  loading: 'Mengurutkan stasiun...',
  loadError: 'Stasiun tidak dapat dimuat.',
  retry: 'Coba lagi',
  empty: 'Tidak ada stasiun yang perlu dikunjungi hari ini.',
  count: (n) => `${count(n)} stasiun untuk dikunjungi`,
  fromHere: 'Diurutkan dari lokasi Anda.',
  noPosition: 'Lokasi Anda tidak dibagikan: diurutkan dari stasiun yang paling mendesak.',
  estimate: (km, factor) => `Sekitar ${km} km seluruhnya: jarak garis lurus × ${factor}, tidak diukur di jalan.`,
  leg: (km) => `${km} km dari perhentian sebelumnya dalam garis lurus`,
  legFromHere: (km) => `${km} km dari Anda dalam garis lurus`,
  openRoute: (n) => `Petunjuk arah melalui ${count(n)} stasiun pertama di Google Maps`,
  directions: 'Petunjuk arah',
  noCoordinates: 'Tanpa koordinat: lihat alamatnya',
  water: (percent) => (percent === null ? 'Tingkat air tidak diketahui' : percent === 0 ? 'Kosong: air 0%' : `Air ${percent}%`),
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
  tickets: (n) => `${count(n)} tiket terbuka`,
  alerts: (n) => `${count(n)} peringatan terbuka`,
};
