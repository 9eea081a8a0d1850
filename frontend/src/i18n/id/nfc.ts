import type { nfcTexts as english } from '../nfc';

/** Dialog Bayar NFC, dalam Bahasa Indonesia. */
export const nfcTexts: (typeof english)['en'] = {
  title: 'Bayar NFC',
  failed: 'Token NFC gagal dibuat',
  lowTitle: 'Isi saldo untuk membayar dengan NFC',
  lowText: 'Saldo Anda di bawah minimum untuk memulai isi ulang.',
  topUp: 'Isi Saldo',
  hold: 'Dekatkan ponsel Anda ke pembaca stasiun, atau tunjukkan kode ini.',
  qrAlt: 'Kode QR pembayaran NFC',
  generating: 'Membuat kode Anda...',
  expired: 'Kode ini sudah kedaluwarsa',
  expiresIn: 'Kedaluwarsa dalam',
  nfcReady: 'NFC siap: tempelkan ke pembaca stasiun',
  nfcSent: 'Terkirim ke stasiun lewat NFC',
  nfcFailed: 'NFC tidak berfungsi di sini: tunjukkan kode QR saja',
  refresh: 'Perbarui NFC',
  oneUse: 'Setiap kode hanya berlaku sekali. Stasiun hanya menagih air yang dikeluarkan.',
  dispensing: 'Sedang mengisi…',
  atStation: (station) => `di ${station}`,
  charged: (amount, litres, station) => `Ditagih ${amount} untuk ${litres} di ${station}`,
  chargedLate: 'Stasiun melapor setelah tertunda; ini tagihan akhirnya.',
  notUsed: 'Tidak terpakai',
  checking: 'Sedang diperiksa',
  offlineRefresh: 'Memperbarui kode perlu koneksi internet.',
  stillValid: 'Kode ini tetap berlaku sampai kedaluwarsa.',
  offlineNoCode: 'Anda sedang offline. Membuat kode perlu koneksi internet.',
};
