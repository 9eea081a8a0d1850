/**
 * What the server says to people about problem reports and tickets, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */
export const noSuchStation = { en: 'No such station', id: 'Stasiun tidak ditemukan' };
export const tooManyReports = { en: 'Too many reports from this connection; please try again in an hour', id: 'Terlalu banyak laporan dari koneksi ini; silakan coba lagi dalam satu jam' };
export const photoNotUploaded = { en: 'The photo was not uploaded', id: 'Foto tidak terunggah' };
export const photoNotAnImage = { en: 'The photo is not a JPEG, PNG or WebP image', id: 'Foto bukan gambar JPEG, PNG atau WebP' };
export const photoTooLarge = { en: 'The photo is larger than 3 MB', id: 'Foto lebih besar dari 3 MB' };
export const reportHasNoPhoto = { en: 'This report has no photo', id: 'Laporan ini tidak memiliki foto' };
export const reportResolvedAlready = { en: 'This report is resolved already', id: 'Laporan ini sudah diselesaikan' };
export const noSuchReport = { en: 'No such report', id: 'Laporan tidak ditemukan' };

// The console's maintenance tickets.
export const ticketNotFound = { en: 'Ticket not found', id: 'Tiket tidak ditemukan' };
export const ticketClosed = { en: 'The ticket is closed', id: 'Tiket ini sudah ditutup' };
export const ticketChangedWhileClosing = { en: 'The ticket changed while closing it; try again', id: 'Tiket berubah saat sedang ditutup; coba lagi' };
export const notStaffAccount = { en: 'Not a technician or admin account', id: 'Bukan akun teknisi atau admin' };
