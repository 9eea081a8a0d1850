import { ABOUT_FIGURES } from '@shared/constants';
import type { about as english } from '../about';

/** The About page, in Bahasa Indonesia. */
export const about: (typeof english)['en'] = {
  hero: {
    eyebrow: 'Bali Refill',
    title: 'Tentang',
    text: 'Kami membangun jaringan stasiun isi ulang air pintar agar semua orang di Bali, warga maupun wisatawan, dapat minum air bersih tanpa membeli plastik.',
    mission: 'Misi Kami',
    impact: 'Dampak Lingkungan',
    panelTitle: 'Sejak kami memulai',
    panel: [
      { value: ABOUT_FIGURES.bottlesSaved, label: 'Botol plastik terselamatkan' },
      { value: ABOUT_FIGURES.waterDispensed, label: 'Air bersih tersalurkan' },
      { value: '6 Lokasi', label: 'Stasiun aktif' },
    ],
  },
  mission: {
    title: 'Misi Kami',
    text: 'Pantai dan sungai Bali menanggung beban plastik sekali pakai. Kami menjadikan isi ulang pilihan yang mudah: stasiun yang bersih, aman, dan terjangkau di mana pun Anda berada.',
    points: [
      { title: 'Dampak Lingkungan', text: 'Setiap isi ulang menggantikan satu botol sekali pakai dan menjauhkan plastik dari laut dan TPA di pulau ini.' },
      { title: 'Akses Komunitas', text: 'Air minum bersih seharga Rp 1.000 per liter, 24/7, di pantai, pasar, mal, dan lingkungan warga.' },
      { title: 'Teknologi Pintar', text: 'Stasiun yang terhubung melaporkan status dan kualitas air secara langsung, sehingga Anda selalu tahu tempat mengisi ulang.' },
    ],
    cardTitle: 'Keberlanjutan Utama',
    cardText: 'Kami mengukur hal yang penting: liter yang tersalurkan, botol yang dihindari, dan CO2 yang dihemat. Stasiun diisi dan dirawat lewat rute yang direncanakan dari data langsung, sehingga tidak ada perjalanan yang sia-sia.',
  },
  impact: {
    title: 'Dampak Kami Sejauh Ini',
    text: 'Setiap angka adalah botol yang tidak pernah dibeli.',
    cards: [
      { value: ABOUT_FIGURES.bottlesSaved, label: 'Botol plastik terselamatkan', detail: 'Sekitar 2,5 ton plastik' },
      { value: ABOUT_FIGURES.waterDispensed, label: 'Air bersih tersalurkan', detail: 'Tersaring dan teruji kualitasnya' },
      { value: '15 Ton', label: 'Emisi CO2 berkurang', detail: 'Dari botol yang tidak pernah dibuat atau dikirim' },
      { value: '6 Lokasi', label: 'Stasiun aktif', detail: 'Dan terus bertambah di seluruh Bali' },
    ],
  },
  technology: {
    title: 'Teknologi Pintar',
    text: 'Setiap stasiun adalah perangkat terhubung, aman dan dipantau sepanjang waktu.',
    cards: [
      { title: 'Pembayaran NFC', text: 'Tempelkan ponsel untuk membayar. Pembayaran nirsentuh lewat dompet digital, termasuk Apple Pay dan Google Pay, atau saldo prabayar Anda.' },
      { title: 'Pemantauan Real-time', text: 'Level air, kualitas air, dan kondisi stasiun dilaporkan setiap menit, sehingga masalah diperbaiki sebelum Anda menyadarinya.' },
      { title: 'Konektivitas IoT', text: 'Stasiun tetap online lewat 4G LTE dan mengautentikasi diri dengan sertifikatnya sendiri; setiap isi ulang diotorisasi dengan token bertanda tangan berumur pendek.' },
    ],
    appTitle: 'Aplikasi di saku Anda',
    appText: 'Aplikasi seluler menampilkan status real-time setiap stasiun, pemantauan kualitas air, pembayaran dan riwayat isi ulang Anda, serta pelacakan dampak lingkungan pribadi Anda secara real-time.',
    appPoints: ['Status stasiun real-time', 'Pemantauan kualitas air', 'Pembayaran dan riwayat isi ulang', 'Dampak lingkungan pribadi Anda, langsung'],
  },
  cta: {
    title: 'Bergabunglah dengan Misi Kami',
    text: 'Isi ulang di stasiun terdekat, atau hadirkan stasiun di usaha Anda.',
    findStations: 'Cari Stasiun',
    partner: 'Menjadi Mitra',
  },
};
