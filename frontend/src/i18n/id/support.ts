import type { supportTexts as english } from '../support';

/** Pusat bantuan, Kontak dan Kebijakan privasi, dalam Bahasa Indonesia. */
export const supportTexts: (typeof english)['en'] = {
  help: {
    title: 'Pusat bantuan',
    intro: 'Jawaban atas pertanyaan yang paling sering diajukan pengunjung. Masih bingung? Hubungi kami, setiap pesan kami jawab.',
    questions: [
      {
        q: 'Bagaimana cara membayar air tanpa akun?',
        a: 'Pindai stiker QR di stasiun, atau cari stasiun di pencari stasiun lalu tekan Mulai Isi Ulang. Pilih jumlah air, bayar, lalu tekan mulai di mesin. Tidak perlu akun atau aplikasi.',
        link: { label: 'Cari stasiun', to: '/stations' },
      },
      {
        q: 'Metode pembayaran apa yang bisa dipakai dengan kartu atau bank luar negeri?',
        a: 'QRIS dan GoPay dibayar dari aplikasi bank atau dompet digital Indonesia; sebagian besar aplikasi bank luar negeri tidak bisa membaca kode QRIS. Dengan kartu luar negeri, bayar dengan Apple Pay atau Google Pay bila ponsel Anda menyediakannya.',
      },
      {
        q: 'Bagaimana cara menemukan stasiun, atau stasiun pada stiker saya?',
        a: 'Pencari stasiun menampilkan setiap stasiun dengan status dan ketinggian airnya. Ketik kode pada stiker (misalnya HRL-00001) atau nama tempat, pilih area, atau tekan Cari Terdekat. Stasiun yang buka tampil lebih dulu; yang offline atau kosong sesudahnya.',
        link: { label: 'Buka pencari stasiun', to: '/stations' },
      },
      {
        q: 'Stasiunnya offline atau kosong. Lalu bagaimana?',
        a: 'Gunakan stasiun lain: "Stasiun buka terdekat" di pencari menampilkan stasiun terdekat yang online dan berisi air. Bila stasiun tidak mulai setelah Anda membayar, pembayaran Anda dikembalikan.',
        link: { label: 'Stasiun buka terdekat', to: '/stations' },
      },
      {
        q: 'Air saya tidak keluar, atau kurang dari yang saya bayar.',
        a: 'Anda hanya membayar air yang diukur stasiun: yang tidak keluar kembali ke pembayaran Anda dengan sendirinya. Bila ada yang salah, buka struk Anda dan tekan "Laporkan masalah pada isi ulang ini" dalam 24 jam, atau laporkan masalah stasiun.',
        link: { label: 'Laporkan masalah', to: '/stations', report: true },
      },
      {
        q: 'Di mana struk saya?',
        a: 'Struk terbuka setelah membayar, dengan tautannya sendiri. Bila Anda memberi alamat e-mail, struk dikirim kepada Anda; bila tidak, simpan tautannya: tandai, simpan sebagai PDF atau bagikan ke diri sendiri. Siapa pun yang memegang tautan bisa membacanya.',
      },
      {
        q: 'Bagaimana cara melihat saldo saya?',
        a: 'Masuk: halaman utama aplikasi menampilkan saldo, isi ulang terakhir dan dampak Anda.',
        link: { label: 'Masuk', to: '/signin' },
      },
      {
        q: 'Bisakah sisa uang di dompet saya dikembalikan?',
        a: 'Bisa: masuk, buka Profil dan pilih untuk menarik kembali uang Anda.',
      },
      {
        q: 'Apakah airnya aman diminum?',
        a: 'Setiap stasiun menyaring airnya dan mengukur kualitasnya. Stasiun menampilkan "Air sudah diperiksa" dengan tanggal uji lab terakhirnya; stasiun yang gagal pemeriksaan ditutup sampai dinyatakan aman.',
      },
    ],
    more: 'Tidak menemukan jawabannya?',
    contact: 'Hubungi kami',
  },
  contact: {
    title: 'Hubungi kami',
    intro: 'Masalah di stasiun, pembayaran, pengembalian dana, atau pertanyaan: tulis kepada kami dan tim akan menjawab.',
    whatsapp: 'WhatsApp',
    whatsappText: (number) => `Kirim pesan ke ${number}`,
    email: 'E-mail',
    loading: 'Memuat kontak...',
    failed: 'Kontak tidak dapat dimuat. Periksa koneksi Anda dan coba lagi.',
    retry: 'Coba lagi',
    none: 'Kontak tim sedang disiapkan. Sementara itu, laporkan masalah di stasiun: tim membaca setiap laporan.',
    atStation: 'Sedang di stasiun? Laporkan masalahnya pada kartu stasiun di pencari stasiun, dengan foto bila mau: tim langsung tahu stasiun mana.',
    report: 'Laporkan masalah',
    help: 'Pusat bantuan',
  },
  privacy: {
    title: 'Kebijakan privasi',
    intro: 'Apa yang disimpan Bali Refill tentang Anda, berapa lama, dan siapa yang dapat melihatnya.',
    sections: [
      {
        title: 'Yang kami simpan',
        items: [
          'Akun Anda: alamat e-mail, nama bila Anda mengisinya, dan kata sandi yang disimpan layanan masuk kami (kami tidak pernah melihatnya).',
          'Dompet Anda: isi saldo, isi ulang (stasiun, liter, harga), pengembalian dana dan penarikan, beserta metode pembayarannya.',
          'Isi ulang yang dibayar tanpa akun: stasiun, liter, harga, metode pembayaran dan, hanya bila Anda memberikannya, alamat e-mail untuk struk.',
          'Laporan dan klaim yang Anda kirim: yang Anda tulis dan foto bila Anda menambahkannya (data lokasinya dihapus saat diunggah).',
          'Pengajuan tuan rumah: nama usaha, kontak, e-mail, telepon dan alamat.',
          'Pilihan bahasa dan daftar stasiun terakhir hanya tersimpan di peramban Anda.',
        ],
      },
      {
        title: 'Yang tidak kami simpan',
        items: [
          'Nomor kartu dan data bank: gerbang pembayaran yang menanganinya, kami hanya tahu apakah pembayaran berhasil.',
          'Posisi Anda: pencari stasiun memakainya di peramban Anda untuk mengurutkan stasiun; posisi itu tidak dikirim kepada kami (pencari dapat memuat daftar stasiun di sekitar Anda).',
        ],
      },
      {
        title: 'Berapa lama',
        items: [
          'Pembayaran, isi ulang dan pengembalian dana adalah catatan pembukuan: kami menyimpannya 10 tahun, sesuai ketentuan pajak Indonesia.',
          'Akun Anda tetap ada sampai Anda meminta kami menghapusnya.',
          'Alamat e-mail pada struk dipakai untuk mengirim struk dan jawaban atas klaim.',
        ],
      },
      {
        title: 'Siapa yang melihatnya',
        items: [
          'Anda, dan siapa pun yang Anda beri tautan struk.',
          'Tim operasional kami (administrator): akun, dompet, isi ulang, klaim dan laporan, untuk menjalankan jaringan dan menjawab Anda.',
          'Teknisi: stasiun dan laporan masalah, tidak pernah akun atau uang orang.',
          'Usaha tuan rumah stasiun: hanya total stasiunnya (liter, botol yang dihemat), tidak pernah siapa yang mengisi.',
          'Penyedia layanan kami, hanya untuk bagiannya: gerbang pembayaran (pembayaran), layanan e-mail (struk dan kode) dan penyedia cloud kami, di Singapura.',
        ],
      },
      {
        title: 'Hak Anda',
        items: ['Tanyakan apa yang kami simpan tentang Anda, minta diperbaiki atau dihapus: hubungi kami.'],
      },
    ],
    contact: 'Hubungi kami',
  },
};
