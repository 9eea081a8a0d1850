import type { consoleRoles as english } from '../console-roles';

/** The console's technician and host parts, in Bahasa Indonesia. */
export const consoleRoles: (typeof english)['en'] = {
  roles: { admin: 'Administrator', technician: 'Teknisi', host: 'Mitra tuan rumah' },
  technicianTitle: 'Stasiun',
  technicianSubtitle: 'Stasiun, peringatan, telemetri, dan keamanan air di seluruh Bali.',
  checkIn: {
    action: 'Lapor hadir',
    done: (time) => `Kehadiran tercatat pukul ${time}`,
    failed: 'Lapor hadir gagal. Coba lagi.',
    prompt: 'Teknisi di stasiun ini?',
    promptText: 'Lapor hadir untuk mencatat kunjungan Anda: halaman stasiun menunjukkan siapa yang datang dan kapan.',
    openStation: 'Buka halaman stasiun',
  },
  checkedInBy: (who) => `Lapor hadir oleh ${who}`,
  hostLink: {
    title: 'Tuan rumah',
    text: 'Usaha mitra tempat stasiun berdiri melihat liter, botol yang dihemat, dan waktu aktifnya.',
    email: 'E-mail masuk tuan rumah',
    none: 'Belum ada tuan rumah.',
    linked: (email) => `Terhubung ke ${email}`,
    save: 'Simpan',
    unlink: 'Lepaskan',
    failed: 'Tidak dapat disimpan. Coba lagi.',
  },
  host: {
    badge: 'Mitra',
    title: 'Stasiun Anda',
    subtitle: (month) => `Laporan dampak untuk ${month}`,
    month: 'Bulan',
    print: 'Cetak laporan',
    logout: 'Keluar',
    loading: 'Memuat stasiun Anda...',
    loadError: 'Stasiun Anda tidak dapat dimuat.',
    retry: 'Coba lagi',
    none: 'Belum ada stasiun yang terhubung ke akun Anda. Minta tim Bali Refill untuk menghubungkannya.',
    totals: { litres: 'Liter diisi ulang', bottles: 'Botol plastik dihemat', co2: 'CO₂ dihemat (kg)' },
    head: { station: 'Stasiun', litres: 'Liter', bottles: 'Botol dihemat', uptime: 'Waktu aktif' },
    statuses: { online: 'Online', offline: 'Offline', maintenance: 'Perawatan', locked: 'Terkunci' },
    method: 'Liter diukur oleh meteran stasiun. Satu botol plastik dihitung 0,5 liter.',
    thanks: 'Terima kasih telah menjadi tuan rumah stasiun Bali Refill: setiap isi ulang adalah satu botol plastik yang tidak dibeli.',
  },
};
