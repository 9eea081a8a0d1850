import { ABOUT_FIGURES } from '../../../shared/constants';
import { defineMessages } from './messages';

/** The About page; its marketing figures differ from the landing page's on purpose (spec section 1). */
export const about = defineMessages(
  {
    hero: {
      eyebrow: 'Bali Refill',
      title: 'About',
      text: 'We are building a network of smart water refill stations so that everyone on Bali, residents and visitors alike, can drink clean water without buying plastic.',
      mission: 'Our Mission',
      impact: 'Environmental Impact',
      panelTitle: 'Since we started',
      panel: [
        { value: ABOUT_FIGURES.bottlesSaved, label: 'Plastic bottles saved' },
        { value: ABOUT_FIGURES.waterDispensed, label: 'Clean water dispensed' },
        { value: ABOUT_FIGURES.locations, label: 'Active stations' },
      ],
    },
    mission: {
      title: 'Our Mission',
      text: 'Bali’s beaches and rivers carry the weight of single-use plastic. We make refilling the easy choice: a clean, safe and affordable station wherever you are.',
      points: [
        { title: 'Environmental Impact', text: 'Every refill replaces a single-use bottle and keeps plastic out of the ocean and the island’s landfills.' },
        { title: 'Community Access', text: 'Clean drinking water for Rp 1,000 per litre, 24/7, at beaches, markets, malls and neighbourhoods.' },
        { title: 'Smart Technology', text: 'Connected stations report their status and water quality live, so you always know where to refill.' },
      ],
      cardTitle: 'Sustainability First',
      cardText: 'We measure what matters: litres dispensed, bottles avoided and CO2 saved. Stations are refilled and serviced on routes planned from live data, so no trip is wasted.',
    },
    impact: {
      title: 'Our Impact So Far',
      text: 'Every number is a bottle that was never bought.',
      cards: [
        { value: ABOUT_FIGURES.bottlesSaved, label: 'Plastic bottles saved', detail: `About ${ABOUT_FIGURES.plasticTons} of plastic` },
        { value: ABOUT_FIGURES.waterDispensed, label: 'Clean water dispensed', detail: 'Filtered and quality-tested' },
        { value: ABOUT_FIGURES.co2Reduced, label: 'CO2 emissions reduced', detail: 'From bottles never made or shipped' },
        { value: ABOUT_FIGURES.locations, label: 'Active stations', detail: 'And growing across Bali' },
      ],
    },
    technology: {
      title: 'Smart Technology',
      text: 'Each station is a connected device, secured and monitored around the clock.',
      cards: [
        { title: 'NFC Payment', text: 'Tap your phone to pay. Contactless payments through mobile wallets, including Apple Pay and Google Pay, or your prepaid balance.' },
        { title: 'Real-time Monitoring', text: 'Water level, water quality and station health are reported every minute, so problems are fixed before you notice them.' },
        { title: 'IoT Connectivity', text: 'Stations stay online over 4G LTE and authenticate with their own certificates; every refill is authorised with a short-lived signed token.' },
      ],
      appTitle: 'The app in your pocket',
      appText: 'The mobile app shows the real-time status of every station, water quality monitoring, payments and your refill history, with real-time tracking of your personal environmental impact.',
      appPoints: ['Real-time station status', 'Water quality monitoring', 'Payments and refill history', 'Your personal environmental impact, live'],
    },
    cta: {
      title: 'Join Our Mission',
      text: 'Refill at a station near you, or bring a station to your business.',
      findStations: 'Find Stations',
      partner: 'Become a Partner',
    },
  },
  {
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
  },
);
