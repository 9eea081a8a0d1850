import type { Language } from '../language';

/**
 * The Indonesian of every field message (`fields` of a 400, the forms' own checks): the schemas and the domain write
 * English, and it is put in the reader's language where an answer or a form shows it (docs/design.md, "Error texts").
 * field-messages.test.ts walks every schema and fails on an English message with no Indonesian here.
 */
export const fieldTexts: Readonly<Record<string, string>> = {
  '0 or more': '0 atau lebih',
  'A note is required (why it is returned)': 'Catatan wajib diisi (alasan dikembalikan)',
  'An account number is 6 to 20 digits': 'Nomor rekening terdiri dari 6 sampai 20 angka',
  'Choose a bank': 'Pilih bank',
  'Choose a bank account or an e-wallet': 'Pilih rekening bank atau dompet digital',
  'Choose an e-wallet': 'Pilih dompet digital',
  'Choose paid or returned': 'Pilih dibayar atau dikembalikan',
  'Enter an Indonesian mobile number (08... or +628...)': 'Masukkan nomor HP Indonesia (08... atau +628...)',
  'Enter the account holder\'s name': 'Masukkan nama pemilik rekening',
  'Enter the account number': 'Masukkan nomor rekening',
  'Enter the e-wallet\'s phone number': 'Masukkan nomor HP dompet digital',
  'Enter the transfer reference the bank or e-wallet gave': 'Masukkan referensi transfer dari bank atau dompet digital',
  'The name is too long': 'Nama terlalu panjang',
  'Where should we send it? Choose a bank account or an e-wallet': 'Ke mana kami mengirimnya? Pilih rekening bank atau dompet digital',
  'The reference is too long': 'Referensi terlalu panjang',
  'A reason is required to change the balance': 'Alasan wajib diisi untuk mengubah saldo',
  'A station is listed twice': 'Ada stasiun yang tercantum dua kali',
  'Address is required': 'Alamat wajib diisi',
  'Address is too long': 'Alamat terlalu panjang',
  'Amount must be a number': 'Jumlah harus berupa angka',
  'Amount must be whole rupiah': 'Jumlah harus rupiah bulat',
  'At most 366 days at once': 'Paling banyak 366 hari sekaligus',
  'Bucketed readings come in one page': 'Bacaan per kelompok waktu datang dalam satu halaman',
  'Business name is required': 'Nama usaha wajib diisi',
  'Business name is too long': 'Nama usaha terlalu panjang',
  'Enter the business name': 'Masukkan nama usaha',
  'Share your location to check in': 'Bagikan lokasi Anda untuk lapor hadir',
  'latitude is between -90 and 90': 'latitude antara -90 dan 90',
  'longitude is between -180 and 180': 'longitude antara -180 dan 180',
  'accuracyMetres is 0 or more': 'accuracyMetres 0 atau lebih',
  'Choose a business type': 'Pilih jenis usaha',
  'Choose a shorter range': 'Pilih rentang yang lebih pendek',
  'Choose a station': 'Pilih stasiun',
  'Choose a technician or admin': 'Pilih teknisi atau admin',
  'Choose credit or decline': 'Pilih kredit atau tolak',
  'Choose how much water': 'Pilih berapa banyak air',
  'Choose how to pay': 'Pilih cara membayar',
  'Choose the expected daily visitors': 'Pilih perkiraan pengunjung per hari',
  'Choose what went wrong': 'Pilih apa yang salah',
  'Comments are too long': 'Komentar terlalu panjang',
  'Contact name is required': 'Nama kontak wajib diisi',
  'Contact name is too long': 'Nama kontak terlalu panjang',
  'Enter a date (YYYY-MM-DD)': 'Masukkan tanggal (TTTT-BB-HH)',
  'Enter a number': 'Masukkan angka',
  'Enter a percent': 'Masukkan persentase',
  'Enter a price in rupiah': 'Masukkan harga dalam rupiah',
  'Enter a valid e-mail address': 'Masukkan alamat e-mail yang valid',
  'Enter a valid email address': 'Masukkan alamat email yang valid',
  'Enter a valid phone number': 'Masukkan nomor telepon yang valid',
  'Enter a whole number': 'Masukkan bilangan bulat',
  'Enter an amount in rupiah': 'Masukkan jumlah dalam rupiah',
  'Enter an amount other than 0': 'Masukkan jumlah selain 0',
  'Enter e-mail addresses separated by commas': 'Masukkan alamat e-mail, dipisahkan koma',
  'Enter the e-mail the host signs in with': 'Masukkan e-mail yang dipakai tuan rumah untuk masuk',
  'Enter the firmware version': 'Masukkan versi firmware',
  'Enter the first day (YYYY-MM-DD)': 'Masukkan hari pertama (TTTT-BB-HH)',
  'Enter the day (YYYY-MM-DD)': 'Masukkan tanggalnya (TTTT-BB-HH)',
  'Enter the last day (YYYY-MM-DD)': 'Masukkan hari terakhir (TTTT-BB-HH)',
  'Enter the millilitres dispensed': 'Masukkan mililiter yang keluar',
  'Give a reason (the person reads it)': 'Berikan alasan (orangnya akan membacanya)',
  'Give the rollout: stepPercent and abortFailurePercent': 'Isi tahapan peluncuran: stepPercent dan abortFailurePercent',
  'Latitude is required': 'Lintang wajib diisi',
  'Latitude must be between -90 and 90': 'Lintang harus antara -90 dan 90',
  'Letters, digits, dots, dashes and underscores only': 'Hanya huruf, angka, titik, tanda hubung, dan garis bawah',
  'List the station ids': 'Sebutkan ID stasiun',
  'Location address is required': 'Alamat lokasi wajib diisi',
  'Location is required': 'Lokasi wajib diisi',
  'Longitude is required': 'Bujur wajib diisi',
  'Longitude must be between -180 and 180': 'Bujur harus antara -180 dan 180',
  'Machine ID looks like HRL-00026': 'ID mesin berbentuk seperti HRL-00026',
  'More than 0': 'Lebih dari 0',
  'Must be 0 (the general interval) or between 5 and 1440': 'Harus 0 (interval umum) atau antara 5 dan 1440',
  'Must be 0 or more': 'Harus 0 atau lebih',
  'A WhatsApp number with its country code, like +6281234567890': 'Nomor WhatsApp dengan kode negara, seperti +6281234567890',
  'Give an e-mail address or a WhatsApp number so that we can answer': 'Isi alamat e-mail atau nomor WhatsApp agar kami bisa menjawab',
  'A WhatsApp number with its country code, like +62 812 3456 7890 (or empty)': 'Nomor WhatsApp dengan kode negara, seperti +62 812 3456 7890 (atau kosong)',
  'An e-mail address (or empty)': 'Alamat e-mail (atau kosong)',
  'Must be a host name': 'Harus berupa nama host',
  'Must be an https URL on apple.com': 'Harus URL https di apple.com',
  'Must be more than 0': 'Harus lebih dari 0',
  'Name is required': 'Nama wajib diisi',
  'Not a JPEG, PNG or WebP image': 'Bukan gambar JPEG, PNG, atau WebP',
  'Not a PDF file': 'Bukan berkas PDF',
  'Not a URL': 'Bukan URL',
  'Not a token id': 'Bukan ID token',
  'Not an uploaded PDF': 'Bukan PDF yang sudah diunggah',
  'Not an uploaded photo': 'Bukan foto yang sudah diunggah',
  'Password is required': 'Kata sandi wajib diisi',
  'Phone is required': 'Nomor telepon wajib diisi',
  'Phone is too long': 'Nomor telepon terlalu panjang',
  'Pick at least one station': 'Pilih paling sedikit satu stasiun',
  'Required for Google Pay and Apple Pay': 'Wajib untuk Google Pay dan Apple Pay',
  'Say how it was resolved': 'Jelaskan bagaimana masalahnya diselesaikan',
  'Say how the money was sent (the audit)': 'Jelaskan bagaimana uangnya dikirim (untuk audit)',
  'Say how you know the volume': 'Jelaskan dari mana Anda tahu volumenya',
  'Say what was done': 'Jelaskan apa yang sudah dilakukan',
  'Say why the station is locked': 'Jelaskan mengapa stasiun dikunci',
  'Station name is required': 'Nama stasiun wajib diisi',
  'The balance you saw is required': 'Saldo yang Anda lihat wajib disertakan',
  'The code has 6 digits': 'Kode terdiri dari 6 angka',
  'The date cannot be in the future': 'Tanggal tidak boleh di masa depan',
  'The end is before the start': 'Akhir rentang sebelum awalnya',
  'The file is empty': 'Berkasnya kosong',
  'The lab report must be a PDF': 'Laporan lab harus berupa PDF',
  'The note is at most 500 characters': 'Catatan paling banyak 500 karakter',
  'The note is too long': 'Catatannya terlalu panjang',
  'The note must be text': 'Catatan harus berupa teks',
  'The PDF is larger than 5 MB': 'PDF-nya lebih besar dari 5 MB',
  'The photo is larger than 3 MB': 'Fotonya lebih besar dari 3 MB',
  'The reason is at most 500 characters': 'Alasan paling banyak 500 karakter',
  'The reason is too long': 'Alasannya terlalu panjang',
  'The receipt secret is required': 'Kode rahasia struk wajib ada',
  'The result is pass or fail': 'Hasilnya lulus atau gagal',
  'The size in bytes': 'Ukuran dalam byte',
  'There are no stations': 'Belum ada stasiun',
  'There is nothing to withdraw': 'Tidak ada saldo untuk ditarik',
  'Too small': 'Terlalu kecil',
  'Type at least 3 characters': 'Ketik paling sedikit 3 karakter',
  'Upload the PDF first': 'Unggah PDF-nya terlebih dahulu',
  'Upload the photo first': 'Unggah fotonya terlebih dahulu',
  'Username is required': 'Nama pengguna wajib diisi',
  'Whole millilitres': 'Harus mililiter bulat',
  'Whole percent only': 'Hanya persen bulat',
  'Whole rupiah only': 'Hanya rupiah bulat',
  'Write a comment': 'Tulis komentar',
  // The API's query and command fields: their names stay as the API spells them.
  'from is before to': 'from harus sebelum to',
  'from must be an ISO date-time': 'from harus tanggal dan jam ISO',
  'kind is sanitation or labTest': 'kind adalah sanitation atau labTest',
  'limit is at least 1': 'limit paling sedikit 1',
  'limit must be a number': 'limit harus berupa angka',
  'mine is true or false': 'mine adalah true atau false',
  'month looks like 2026-11': 'month berbentuk seperti 2026-11',
  'step is at least 60 seconds': 'step paling sedikit 60 detik',
  'step is at most 86400 seconds': 'step paling banyak 86400 detik',
  'step must be a number of seconds': 'step harus berupa jumlah detik',
  'step must be whole seconds': 'step harus detik bulat',
  'target is { stationIds: [...] } or { all: true }': 'target adalah { stationIds: [...] } atau { all: true }',
  'to must be after from': 'to harus setelah from',
  'to must be an ISO date-time': 'to harus tanggal dan jam ISO',
};

/** An English number as Indonesian writes it: 1,000,000 -> 1.000.000 and 1.5 -> 1,5. */
const indonesianNumber = (english: string) => english.replace(/[.,]/g, (mark) => (mark === ',' ? '.' : ','));

/** Messages with a value in them (a limit, an amount, what was typed); the value is carried over as it is. */
export const fieldPatterns: readonly (readonly [RegExp, (...values: string[]) => string])[] = [
  [/^At least (\d+) ml$/, (n) => `Paling sedikit ${n} ml`],
  [/^Larger than (\d+) MB$/, (n) => `Lebih besar dari ${n} MB`],
  [/^At most (\d+) characters$/, (n) => `Paling banyak ${n} karakter`],
  [/^At most (\d+) stations$/, (n) => `Paling banyak ${n} stasiun`],
  [/^At most (\d+) ml$/, (n) => `Paling banyak ${n} ml`],
  [/^At most ([\d.]+) L$/, (n) => `Paling banyak ${indonesianNumber(n)} L`],
  [/^At most Rp ([\d.]+)$/, (n) => `Paling banyak Rp ${n}`],
  [/^At most Rp ([\d.]+) at once$/, (n) => `Paling banyak Rp ${n} sekaligus`],
  [/^At most Rp ([\d.]+) \(what the refill charged\)$/, (n) => `Paling banyak Rp ${n} (yang ditagih isi ulang itu)`],
  [/^Between (-?\d+) and (-?\d+)$/, (a, b) => `Antara ${a} dan ${b}`],
  [/^Must be between (-?\d+) and (-?\d+)$/, (a, b) => `Harus antara ${a} dan ${b}`],
  // Rupiah of formatRupiah (shared/money.ts), already in the Indonesian grouping.
  [/^Minimum top up amount is Rp ([\d.,]+)$/, (n) => `Jumlah isi saldo minimal Rp ${indonesianNumber(n)}`],
  [/^Maximum top up amount is Rp ([\d.]+)$/, (n) => `Jumlah isi saldo maksimal Rp ${n}`],
  [/^Not an e-mail address: (.*) \(separate addresses with commas\)$/s, (typed) => `Bukan alamat e-mail: ${typed} (pisahkan alamat dengan koma)`],
  [/^The range is at most (\d+) days$/, (n) => `Rentangnya paling panjang ${n} hari`],
  [/^limit is at most (\d+)$/, (n) => `limit paling banyak ${n}`],
  [/^step is too small for this range \(at most (\d+) buckets\)$/, (n) => `step terlalu kecil untuk rentang ini (paling banyak ${n} kelompok)`],
  [/^(\w+) is a date and time \(ISO 8601\)$/, (name) => `${name} berupa tanggal dan jam (ISO 8601)`],
  [/^(\w+) is one of ([\w, ]+)$/, (name, list) => `${name} salah satu dari ${list}`],
  [/^Unknown stations: (.+)$/s, (ids) => `Stasiun tidak dikenal: ${ids}`],
];

/** The Indonesian of an English field message, or undefined when neither the table nor a pattern knows it. */
export function indonesianFieldText(english: string): string | undefined {
  const exact = fieldTexts[english];
  if (exact !== undefined) return exact;
  for (const [pattern, render] of fieldPatterns) {
    const match = pattern.exec(english);
    if (match) return render(...match.slice(1));
  }
  return undefined;
}

/** What zod's issues say about themselves, read for its own (English) messages, those no schema words. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
}

/** Indonesian for zod's own messages (a `.max(120)` without a text), by the issue's kind: short, for a form. */
function indonesianOfZod(issue: FieldIssue): string {
  const counted = issue.origin === 'string' ? ' karakter' : issue.origin === 'array' || issue.origin === 'set' ? ' item' : '';
  switch (issue.code) {
    case 'too_big':
      return issue.inclusive === false ? `Harus kurang dari ${issue.maximum}${counted}` : `Paling banyak ${issue.maximum}${counted}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Wajib diisi';
      return issue.inclusive === false ? `Harus lebih dari ${issue.minimum}${counted}` : `Paling sedikit ${issue.minimum}${counted}`;
    case 'invalid_value':
      return 'Pilihan tidak valid';
    case 'invalid_format':
      return issue.format === 'email' ? 'Alamat e-mail tidak valid' : issue.format === 'url' ? 'URL tidak valid' : 'Formatnya tidak valid';
    default:
      return 'Isian tidak valid';
  }
}

/** A field message in `language`: the English as written, or its Indonesian (zod's own by the issue's kind). */
export function fieldMessageIn(issue: FieldIssue | string, language: Language): string {
  const english = typeof issue === 'string' ? issue : issue.message;
  if (language === 'en') return english;
  return indonesianFieldText(english) ?? (typeof issue === 'string' ? english : indonesianOfZod(issue));
}
