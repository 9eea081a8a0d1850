import { baliDate } from '@shared/bali-time';

/** `bali-refill-machines-2025-06-01.csv` (the day in Bali) */
export const csvFileName = (name: string, now = new Date()) => `bali-refill-${name}-${baliDate(now)}.csv`;

/** Saves text as a file through a temporary link (with a BOM for CSV, so spreadsheets read UTF-8). */
export function downloadText(fileName: string, text: string, type: string) {
  const blob = new Blob([type.startsWith('text/csv') ? '\uFEFF' + text : text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
