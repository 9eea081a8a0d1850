import { formatBaliStamp } from '@shared/format';
import type { Localized } from '@shared/language';
import type { CommandDetail } from '@shared/schemas/command';

/** A number as Indonesian writes it (a decimal comma). */
const decimal = (n: number) => String(n).replace('.', ',');

/**
 * What the server says to people about check-ins, machines, water safety, alerts and commands, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */

// The technician's check-in and the admin console's machines.
export const checkInTooFar = (metres: number, limit: number) => ({
  en: `You are about ${metres} m from this station: check in within ${limit} m of it`,
  id: `Anda sekitar ${metres} m dari stasiun ini: lapor hadir dalam jarak ${limit} m darinya`,
});
export const checkInNoCoordinates = {
  en: 'This station has no coordinates, so a check-in cannot be placed: ask an administrator to add them',
  id: 'Stasiun ini belum punya koordinat, jadi kehadiran tidak bisa dipastikan: minta administrator menambahkannya',
};
export const machineExists = (id: string) => ({ en: `A machine with ID ${id} already exists`, id: `Mesin dengan ID ${id} sudah ada` });
export const stationSafetyLocked = {
  en: 'This station is locked for water safety: clear the lock on its station page',
  id: 'Stasiun ini dikunci demi keamanan air: buka kuncinya di halaman stasiun',
};

// Water safety.
export const labReportNotUploaded = { en: 'The lab report PDF was not uploaded', id: 'PDF laporan lab tidak terunggah' };
export const labReportTooLarge = { en: 'The lab report PDF is larger than 5 MB', id: 'PDF laporan lab lebih besar dari 5 MB' };
export const labReportNotPdf = { en: 'The lab report is not a PDF file', id: 'Laporan lab bukan berkas PDF' };
export const noLabReport = { en: 'This record has no lab report', id: 'Catatan ini tidak memiliki laporan lab' };
export const stationLockedAlready = { en: 'This station is locked already', id: 'Stasiun ini sudah dikunci' };
export const stationNotSafetyLocked = { en: 'This station is not locked for water safety', id: 'Stasiun ini tidak dikunci demi keamanan air' };
export const stationChangedMeanwhile = { en: 'The station changed meanwhile: reload and try again', id: 'Stasiun berubah sementara itu: muat ulang lalu coba lagi' };
// What locks a station by itself (the lock keeps the English), and why its lock cannot be cleared while it holds.
export const labTestFailed = (date: string) => ({ en: `The lab test of ${date} failed`, id: `Uji lab tanggal ${date} gagal` });
export const sanitationOverdue = (since: string, last: string | null) => ({
  en: `Sanitation overdue since ${since} (the last ${last ?? 'never recorded'})`,
  id: `Sanitasi terlambat sejak ${since} (terakhir ${last ?? 'belum pernah dicatat'})`,
});
export const clearRefusedQuality = (detail: Localized) => ({
  en: `The last reading is still above the limit: wait for a heartbeat with safe water (${detail.en})`,
  id: `Pembacaan terakhir masih di atas batas: tunggu heartbeat dengan air yang aman (${detail.id})`,
});
export const clearRefusedLabTest = (detail: Localized) => ({
  en: `The last lab test failed: record a passing one first (${detail.en})`,
  id: `Uji lab terakhir gagal: catat dulu uji lab yang lulus (${detail.id})`,
});
export const clearRefusedSanitation = (detail: Localized) => ({
  en: `Sanitation is overdue: record the visit first (${detail.en})`,
  id: `Sanitasi terlambat: catat dulu kunjungannya (${detail.id})`,
});

// The admin console's alerts and remote commands.
export const alertNotFound = { en: 'Alert not found', id: 'Peringatan tidak ditemukan' };
export const alertResolvedAlready = { en: 'The alert is already resolved', id: 'Peringatan ini sudah selesai' };
export const commandNotFound = { en: 'Command not found', id: 'Perintah tidak ditemukan' };
export const noStations = { en: 'There are no stations', id: 'Belum ada stasiun' };
export const unknownStations = (ids: string) => ({ en: `Unknown stations: ${ids}`, id: `Stasiun tidak dikenal: ${ids}` });
/** A finished command's status as the console's Indonesian names it (frontend/src/i18n/id/admin-commands.ts). */
const finishedStatusId = { succeeded: 'berhasil', failed: 'selesai dengan kegagalan', aborted: 'dihentikan' };
export const commandFinishedAlready = (status: Exclude<CommandDetail['status'], 'in_progress'>) => ({
  en: `The command has finished (${status})`,
  id: `Perintah ini sudah berakhir (${finishedStatusId[status]})`,
});
export const commandChangedMeanwhile = { en: 'The command changed meanwhile; reload', id: 'Perintah berubah sementara itu; muat ulang' };

// Alert details and command history notes, composed at read from the facts stored (docs/design.md, "Error texts").
export const alertBelow = (what: 'lowWater' | 'filterLife', value: number, threshold: number) => ({
  en: `${what === 'lowWater' ? 'Water level' : 'Filter life'} ${value}% (below ${threshold}%)`,
  id: `${what === 'lowWater' ? 'Tingkat air' : 'Sisa umur filter'} ${decimal(value)}% (di bawah ${decimal(threshold)}%)`,
});
/** A quality alert's detail, and a quality lock's. */
export const tdsAbove = (value: number, threshold: number) => ({ en: `TDS ${value} ppm (above ${threshold} ppm)`, id: `TDS ${decimal(value)} ppm (di atas ${decimal(threshold)} ppm)` });
// The instants of alert details on Bali's clock with its zone, in each language (shared/format.ts).
export const alertNoVend = (hours: number, lastVendAt: string) => ({
  en: `No vend for ${hours} h while online (the last at ${formatBaliStamp(lastVendAt, 'en')})`,
  id: `Tidak ada pengisian selama ${hours} jam saat online (terakhir pada ${formatBaliStamp(lastVendAt, 'id')})`,
});
export const alertVendFailures = (failed: number, attempts: number, percent: number, threshold: number) => ({
  en: `${failed} of the last ${attempts} vends failed (${percent}%, above ${threshold}%)`,
  id: `${failed} dari ${attempts} pengisian terakhir gagal (${percent}%, di atas ${decimal(threshold)}%)`,
});
/** `reason`: IoT Core's disconnect reason in words of each language (shared/disconnect-reasons.ts). */
export const alertDisconnected = (at: string, reason: Localized | null) => ({
  en: `, disconnected${reason ? ` (${reason.en})` : ''} at ${formatBaliStamp(at, 'en')}`,
  id: `, terputus${reason ? ` (${reason.id})` : ''} pada ${formatBaliStamp(at, 'id')}`,
});
export const alertOffline = (minutes: number, lastAt: string) => ({
  en: `No heartbeat for more than ${minutes} min: the last at ${formatBaliStamp(lastAt, 'en')}`,
  id: `Tidak ada heartbeat lebih dari ${minutes} menit: terakhir pada ${formatBaliStamp(lastAt, 'id')}`,
});
export const alertNeverHeard = (createdAt: string) => ({
  en: `Never sent a heartbeat since it was added at ${formatBaliStamp(createdAt, 'en')}`,
  id: `Belum pernah mengirim heartbeat sejak ditambahkan pada ${formatBaliStamp(createdAt, 'id')}`,
});
export const alertDeadLetters = (total: number, queues: string) => ({
  en: `${total} message(s) waiting: ${queues}. Something was not delivered or not processed; look at them, then redrive or purge the queue.`,
  id: `${total} pesan menunggu: ${queues}. Ada yang tidak terkirim atau tidak diproses; periksa pesannya, lalu kirim ulang atau kosongkan antreannya.`,
});
export const commandSetPrice = (price: string) => ({ en: `set price to ${price} per litre`, id: `atur harga menjadi ${price} per liter` });
export const commandLock = (reason: string) => ({ en: `lock (${reason})`, id: `kunci (${reason})` });
export const commandUnlock = { en: 'unlock', id: 'buka kunci' };
export const commandRestart = { en: 'restart', id: 'mulai ulang' };
export const commandFirmware = (version: string, stepPercent: number, abortPercent: number) => ({
  en: `firmware ${version} (${stepPercent}% per step, abort above ${abortPercent}% failed)`,
  id: `firmware ${version} (${decimal(stepPercent)}% per tahap, berhenti di atas ${decimal(abortPercent)}% gagal)`,
});
export const commandTo = (stations: number | 'all') => ({
  en: ` to ${stations} station${stations === 1 ? '' : 's'}`,
  id: stations === 'all' ? ' ke semua stasiun' : ` ke ${stations} stasiun`,
});
export const commandStep = (step: number, steps: number, stations: number) => ({
  en: `step ${step} of ${steps}: ${stations} station${stations === 1 ? '' : 's'}`,
  id: `tahap ${step} dari ${steps}: ${stations} stasiun`,
});
export const commandAbortedAt = (step: number, steps: number) => ({ en: `at step ${step} of ${steps}`, id: `pada tahap ${step} dari ${steps}` });
export const commandThreshold = (failed: number, ended: number, percent: number, threshold: number, step: number) => ({
  en: `${failed} of ${ended} failed (${percent}%, above ${threshold}%) after step ${step}`,
  id: `${failed} dari ${ended} gagal (${percent}%, di atas ${decimal(threshold)}%) setelah tahap ${step}`,
});
export const commandFinished = (succeeded: number, failed: number) => ({ en: `${succeeded} succeeded, ${failed} failed`, id: `${succeeded} berhasil, ${failed} gagal` });
