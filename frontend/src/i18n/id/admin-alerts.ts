import type { adminAlerts as english } from '../admin-alerts';
import { countInIndonesian as count } from '../counts';

/** The admin's Alerts page, in Bahasa Indonesia. */
export const adminAlerts: (typeof english)['en'] = {
  title: 'Peringatan',
  intro: 'Peringatan dari aturan di pengaturan Sistem. Tandai sudah ditangani agar e-mailnya berhenti; peringatan selesai sendiri ketika kondisinya berakhir.',
  back: 'Kembali ke dasbor',
  headerLink: (open) => (open === 0 ? 'Peringatan: tidak ada yang terbuka' : `Peringatan: ${count(open)} terbuka`),
  filters: 'Filter',
  status: 'Status',
  statuses: { active: 'Aktif', open: 'Terbuka', acknowledged: 'Ditangani', resolved: 'Selesai' },
  rule: 'Aturan',
  allRules: 'Semua aturan',
  rules: {
    offline: 'Stasiun offline', lowWater: 'Tingkat air rendah', quality: 'Kualitas air di luar batas', noVend: 'Tidak ada pengisian saat online',
    filterLife: 'Filter perlu diganti', vendFailures: 'Pengisian sering gagal', deadLetters: 'Pesan di antrean dead-letter',
  },
  fleet: 'Sistem back end',
  station: 'ID stasiun',
  stationPlaceholder: 'mis. HRL-00001',
  openedFrom: 'Dibuka sejak',
  openedTo: 'Dibuka sampai (termasuk)',
  loading: 'Memuat peringatan...',
  empty: 'Tidak ada peringatan yang cocok.',
  loadError: 'Peringatan tidak dapat dimuat.',
  retry: 'Coba lagi',
  loadMore: 'Muat lagi',
  opened: 'Dibuka',
  acknowledgedBy: (who, when) => `Ditangani oleh ${who}, ${when}`,
  resolved: (when) => `Selesai ${when}`,
  emailed: (n) => `Dikirim lewat e-mail ${count(n)} kali`,
  notEmailed: 'Belum dikirim lewat e-mail',
  acknowledge: 'Tandai ditangani',
  acknowledgeFailed: 'Peringatan tidak dapat ditandai.',
  openStation: 'Halaman stasiun',
};
