import type { hostForm as english } from '../host-form';

/** The host application form, in Bahasa Indonesia. */
export const hostForm: (typeof english)['en'] = {
  formLabel: 'Formulir pendaftaran tuan rumah stasiun',
  businessName: 'Nama usaha',
  contactName: 'Nama kontak',
  email: 'Email',
  phone: 'Telepon',
  address: 'Alamat usaha',
  businessType: 'Jenis usaha',
  selectBusinessType: 'Pilih jenis usaha',
  footfall: 'Perkiraan pengunjung harian',
  selectFootfall: 'Pilih perkiraan pengunjung',
  comments: 'Komentar (opsional)',
  commentsHint: 'Jam buka, lokasi stasiun yang memungkinkan, pertanyaan...',
  submit: 'Kirim Pendaftaran',
  submitting: 'Mengirim...',
  successTitle: 'Pendaftaran berhasil dikirim!',
  successText: 'Terima kasih atas minat Anda. Kami akan meninjau pendaftaran Anda dan menghubungi Anda dalam 24 jam.',
  errorTitle: 'Pengiriman gagal',
  errorText: 'Terjadi kesalahan saat mengirim pendaftaran Anda. Silakan coba lagi.',
  businessTypeLabels: {
    cafe: 'Kafe/Restoran', retail: 'Toko Ritel', gym: 'Gym/Pusat Kebugaran', hotel: 'Hotel/Akomodasi',
    office: 'Gedung Perkantoran', community: 'Pusat Komunitas', other: 'Lainnya',
  },
  footfallLabels: {
    '50-100': '50-100 pengunjung harian', '100-300': '100-300 pengunjung harian', '300-500': '300-500 pengunjung harian', '500+': '500+ pengunjung harian',
  },
};
