import type { landing as english } from '../landing';

/** The landing page, in Bahasa Indonesia. */
export const landing: (typeof english)['en'] = {
  hero: {
    eyebrow: 'Stasiun isi ulang pintar di seluruh Bali',
    title: 'Air bersih untuk botol Anda, di mana saja di Bali',
    text: 'Tinggalkan plastik. Isi ulang air tersaring dan teruji kualitasnya di stasiun pintar seharga Rp 1.000 per liter, buka 24/7 dan terhubung lewat 4G LTE.',
    findStations: 'Cari stasiun',
    startFree: 'Mulai gratis',
    points: ['Rp 1.000 per liter', 'Buka 24/7', 'Status langsung lewat 4G LTE'],
    illustration: 'Stasiun isi ulang mengisi botol yang dapat dipakai ulang',
  },
  benefits: {
    eyebrow: 'Manfaat hidrasi',
    title: 'Tetap terhidrasi di cuaca tropis',
    text: 'Bali panas dan lembap sepanjang tahun. Minum cukup air bersih membuat Anda tetap bugar, dari pantai hingga sawah terasering.',
    items: [
      { title: 'Energi dan fokus', text: 'Dehidrasi ringan pun membuat lelah. Minum teratur menjaga energi Anda sepanjang hari.' },
      { title: 'Lawan panas', text: 'Air mendinginkan tubuh dan membantu pemulihan setelah berselancar, mendaki, atau seharian di bawah matahari.' },
      { title: 'Bersih dan aman', text: 'Setiap stasiun menyaring airnya dan memantau kualitas secara real-time, jadi setiap isi ulang aman diminum.' },
      { title: 'Ramah untuk pulau', text: 'Setiap isi ulang berarti satu botol plastik yang tidak sampai ke pantai, sungai, atau TPA di Bali.' },
    ],
  },
  stats: {
    label: 'Angka kami',
    active: 'Stasiun aktif',
    bottles: 'Botol terselamatkan',
    satisfaction: 'Kepuasan',
    activeHint: 'Online saat ini',
  },
  locations: {
    eyebrow: 'Lokasi',
    title: 'Stasiun di dekat Anda',
    text: 'Stasiun-stasiun ini sedang online. Ketuk penanda di peta untuk petunjuk arah.',
    listLabel: 'Stasiun online',
    onlineCount: (n) => `${n} stasiun online`,
    viewAll: (n) => `Lihat semua ${n} stasiun`,
    none: 'Saat ini tidak ada stasiun yang online. Silakan periksa lagi nanti.',
    error: 'Stasiun tidak dapat dimuat.',
    mapLabel: 'Peta stasiun online',
    browse: 'Buka pencari stasiun',
  },
  app: {
    title: 'Coba aplikasinya sekarang',
    text: 'Isi saldo mulai Rp 10.000, bayar cukup dengan menempelkan ponsel, dan lihat penghematan plastik Anda bertambah.',
    points: ['Dompet prabayar dalam rupiah', 'Pembayaran NFC dan dompet digital', 'Isi ulang dan dampak Anda dalam sekilas'],
    open: 'Buka aplikasi web',
    mockGreeting: 'Selamat pagi',
    mockBalance: 'Saldo saat ini',
    mockNfc: 'Bayar NFC',
    mockFind: 'Cari Mesin',
    mockImpact: 'Dampak Anda',
  },
  partners: {
    eyebrow: 'Mitra',
    title: 'Jadi tuan rumah stasiun isi ulang',
    text: 'Kafe, toko, gym, hotel, kantor, dan pusat komunitas di seluruh Bali menjadi tuan rumah stasiun kami. Hadirkan air bersih bagi pelanggan Anda dan alasan baru untuk berkunjung.',
    benefits: [
      { title: 'Bagi hasil', text: 'Dapatkan bagian dari setiap isi ulang di lokasi Anda.' },
      { title: 'Tanpa biaya di muka', text: 'Kami menyediakan stasiun tanpa biaya bagi Anda.' },
      { title: 'Pemasangan dan perawatan', text: 'Kami memasang, mengisi, merawat, dan memantau stasiun.' },
      { title: 'Balasan dalam 24 jam', text: 'Tim kami menghubungi Anda dalam satu hari.' },
    ],
    formTitle: 'Daftar menjadi tuan rumah stasiun',
    formText: 'Ceritakan tentang bisnis Anda. Semua kolom wajib diisi kecuali komentar.',
  },
};
